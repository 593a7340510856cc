import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { GENERIC_ERROR } from '../../api/errorMessage';
import { useCanChangeStore } from '../../app/hooks';
import { fileName, fileUrl, useListFilesQuery, type FileRecord } from '../../api/files';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { ColumnTable } from '../../components/ColumnTable';
import type { Column } from '../../components/columns';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { PageHeader } from '../../components/PageHeader';
import { longUsDate } from '../../components/dates';
import { DeleteIcon, ExpandMoreIcon, OpenInNewIcon, UploadIcon } from '../../components/icons';
import { DeleteFileDialog } from './DeleteFileDialog';
import { LinkedSubstancesDialog } from './LinkedSubstancesDialog';
import { UploadFileDialog } from './UploadFileDialog';

type OpenDialog = { kind: 'upload' } | { kind: 'links' | 'delete'; file: FileRecord } | null;

/** The first category in the cell, the rest behind a menu so that rows keep one height. */
function CategoryCell({ categories }: { categories: FileRecord['categories'] }) {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [first, ...rest] = categories;
  if (!first) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <span>{first.name}</span>
      {rest.length > 0 && (
        <>
          <Button
            size="small"
            endIcon={<ExpandMoreIcon />}
            aria-haspopup="true"
            aria-expanded={anchor !== null}
            aria-controls={anchor ? menuId : undefined}
            onClick={(event) => setAnchor(event.currentTarget)}
          >
            More categories
          </Button>
          <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
            {rest.map((category) => (
              <MenuItem key={category.id} onClick={() => setAnchor(null)}>
                {category.name}
              </MenuItem>
            ))}
          </Menu>
        </>
      )}
    </Stack>
  );
}

/** The columns of the file table; the admin's has a delete button per file. */
function fileColumns(admin: boolean, onOpen: (dialog: OpenDialog) => void): Column<FileRecord>[] {
  return [
    {
      header: 'File Name',
      cell: (file) => (
        <>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{fileName(file)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {file.file.size.toFixed(1)} KB · {longUsDate(file.created_at)}
          </Typography>
        </>
      ),
      value: fileName,
    },
    {
      header: 'Category',
      cell: (file) => <CategoryCell categories={file.categories} />,
      value: (file) => file.categories.map((category) => category.name).join('; '),
    },
    {
      header: 'Substance Link',
      cell: (file) => {
        const count = file.chemicals.length;
        return (
          <Button
            variant="outlined"
            size="small"
            aria-label={`${count} ${count === 1 ? 'substance' : 'substances'} linked to ${fileName(file)}`}
            onClick={() => onOpen({ kind: 'links', file })}
          >
            {count}
          </Button>
        );
      },
      value: (file) => file.chemicals.length,
    },
    {
      header: 'Action',
      cell: (file) => (
        <Stack direction="row" spacing={0.5}>
          <IconButton
            component="a"
            href={fileUrl(file)}
            target="_blank"
            rel="noopener"
            aria-label={`Open ${fileName(file)}`}
          >
            <OpenInNewIcon />
          </IconButton>
          {admin && (
            <IconButton
              color="error"
              aria-label={`Delete ${fileName(file)}`}
              onClick={() => onOpen({ kind: 'delete', file })}
            >
              <DeleteIcon />
            </IconButton>
          )}
        </Stack>
      ),
    },
  ];
}

/** Shown under a file's name, and their own columns in the export: the size unrounded, the upload instant. */
const nameDetails: Column<FileRecord>[] = [
  { header: 'Size', unit: 'KB', value: (file) => file.file.size },
  { header: 'Uploaded', unit: 'UTC', value: (file) => file.created_at },
];

/** The export's columns: the table's, the name's details right after the name. */
function exportColumns([name, ...rest]: Column<FileRecord>[]): Column<FileRecord>[] {
  return [name, ...nameDetails, ...rest];
}

/** SPEC §2 File management; the public view has only the open-file action and a read-only substance list. */
function FileLibrary({ admin, title }: { admin: boolean; title: string }) {
  const { data: files, isLoading, isError } = useListFilesQuery();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);
  const columns = fileColumns(admin, setDialog);

  return (
    <Stack spacing={3}>
      <PageHeader title={title}>
        {/* Every file is on screen, so the file list is written from the table's rows. */}
        <ExportCsvButton subject="files" columns={exportColumns(columns)} rows={files ?? []} />
        {admin && (
          <Button
            variant="contained"
            startIcon={<UploadIcon />}
            onClick={() => setDialog({ kind: 'upload' })}
          >
            Upload File
          </Button>
        )}
      </PageHeader>
      {isLoading && <CenteredSpinner label="Loading files" />}
      {isError && <Alert severity="error">{GENERIC_ERROR}</Alert>}
      {files &&
        (files.length > 0 ? (
          <Paper>
            <ColumnTable label="Files" columns={columns} rows={files} rowKey={(file) => file.id} />
          </Paper>
        ) : (
          <Typography sx={{ py: 4, textAlign: 'center' }}>Nothing Found</Typography>
        ))}
      {dialog?.kind === 'upload' && <UploadFileDialog onClose={close} />}
      {dialog?.kind === 'links' && (
        <LinkedSubstancesDialog fileId={dialog.file.id} admin={admin} onClose={close} />
      )}
      {dialog?.kind === 'delete' && <DeleteFileDialog file={dialog.file} onClose={close} />}
    </Stack>
  );
}

/** Admin sidebar page 7, with Upload, Delete and link changes for those who may change the store; the title keeps
 * SPEC §2's spelling. */
export function FilesPage() {
  return <FileLibrary admin={useCanChangeStore()} title="File Managment" />;
}

/** Public sidebar page 3, read-only. */
export function PublicFilesPage() {
  return <FileLibrary admin={false} title="File Management" />;
}
