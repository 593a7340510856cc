import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useCanChangeStore } from '../../app/hooks';
import {
  useCreateCategoryMutation,
  useDeleteCategoryMutation,
  useListCategoriesQuery,
  useRenameCategoryMutation,
  type Category,
} from '../../api/categories';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { shownValue, useEditConflict } from '../../components/EditConflict';
import { reapplied } from '../../components/formChanges';
import { ColumnTable } from '../../components/ColumnTable';
import type { Column } from '../../components/columns';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { PageHeader } from '../../components/PageHeader';
import { DeleteDialog } from '../../components/ConfirmDialog';
import { AddIcon, DeleteIcon, EditIcon } from '../../components/icons';
import { notify } from '../../components/notify';
import { CategoryNameDialog } from './CategoryNameDialog';

type OpenDialog = { kind: 'create' } | { kind: 'edit' | 'delete'; category: Category } | null;

function CreateCategoryDialog({ onClose }: { onClose: () => void }) {
  const [createCategory, { isLoading, error }] = useCreateCategoryMutation();
  const save = async (name: string) => {
    const result = await createCategory(name);
    if (result.data) notify(`Category ${result.data.name} created.`, 'success');
    return result.error === undefined;
  };
  return (
    <CategoryNameDialog
      title="Create Category"
      prompt="Enter a name for the new Category."
      initialName=""
      submitLabel="Create"
      pending={isLoading}
      error={error}
      onSave={save}
      onClose={onClose}
    />
  );
}

/**
 * A rename names the version the form was opened with; refused as stale, the form shows the conflict (§28), and
 * Reapply sends the name again only if the person changed it.
 */
function EditCategoryDialog({ category, onClose }: { category: Category; onClose: () => void }) {
  const [renameCategory, { isLoading, error }] = useRenameCategoryMutation();
  const conflicts = useEditConflict<Category>(category.version);
  // The name the form's is a change of: as opened, or as it was when a conflict was resolved.
  const [started, setStarted] = useState(category.name);
  const save = async (name: string) => {
    const result = await renameCategory({ id: category.id, name, version: conflicts.version() });
    if (conflicts.refused(result.error)) return false;
    if (result.data) notify(`Category ${category.name} renamed to ${result.data.name}.`, 'success');
    return result.error === undefined;
  };
  return (
    <CategoryNameDialog
      title="Edit Category"
      prompt={`Enter a new name for the Category ${category.name}.`}
      initialName={category.name}
      submitLabel="Save"
      pending={isLoading}
      error={error}
      onSave={save}
      onClose={onClose}
      notice={({ name, setName, submit }) =>
        conflicts.notice({
          fields: (current) => [
            { label: 'Name', yours: shownValue(name), current: shownValue(current.name) },
          ],
          pending: isLoading,
          onReapply: (current) => {
            const next = reapplied({ name: started }, { name }, { name: current.name });
            setStarted(current.name);
            setName(next.values.name);
            if (next.changes.name !== undefined) void submit();
          },
          onUseCurrent: (current) => {
            setStarted(current.name);
            setName(current.name);
          },
        })
      }
    />
  );
}

function DeleteCategoryDialog({ category, onClose }: { category: Category; onClose: () => void }) {
  const [deleteCategory, { isLoading }] = useDeleteCategoryMutation();
  return (
    <DeleteDialog
      title="Delete Category"
      pending={isLoading}
      onDelete={() => deleteCategory(category.id)}
      deletedNotice={`Category ${category.name} deleted.`}
      onClose={onClose}
    >
      Are you sure you want to delete this Category?
    </DeleteDialog>
  );
}

/** What the table shows of a category, and its export writes. */
const categoryColumns: Column<Category>[] = [
  { header: 'Serial NO.', value: (_category, position) => position + 1 },
  { header: 'Name', value: (category) => category.name },
];

function CategoriesTable({
  categories,
  onOpen,
}: {
  categories: Category[];
  onOpen: (dialog: OpenDialog) => void;
}) {
  const canChange = useCanChangeStore();
  const actionColumn: Column<Category> = {
    header: 'Action',
    cell: (category) => (
      <Stack direction="row" spacing={1}>
        <IconButton aria-label={`Edit ${category.name}`} onClick={() => onOpen({ kind: 'edit', category })}>
          <EditIcon />
        </IconButton>
        <IconButton
          color="error"
          aria-label={`Delete ${category.name}`}
          onClick={() => onOpen({ kind: 'delete', category })}
        >
          <DeleteIcon />
        </IconButton>
      </Stack>
    ),
  };
  const columns = canChange ? [...categoryColumns, actionColumn] : categoryColumns;
  return (
    <Paper>
      <ColumnTable
        label="Categories"
        columns={columns}
        rows={categories}
        rowKey={(category) => category.id}
      />
    </Paper>
  );
}

/** SPEC §2 Categories page (admin sidebar page 8). */
export function CategoriesPage() {
  const { data: categories, isLoading, isError } = useListCategoriesQuery();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);
  const canChange = useCanChangeStore();

  return (
    <Stack spacing={3}>
      <PageHeader title="Category">
        {/* Every category is on screen, so the file is written from the table's rows. */}
        <ExportCsvButton subject="categories" columns={categoryColumns} rows={categories ?? []} />
        {canChange && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'create' })}>
            New Category
          </Button>
        )}
      </PageHeader>
      {isLoading && <CenteredSpinner label="Loading categories" />}
      {/* SPEC §8 gives this load failure without the full stop the other lists have. */}
      {isError && <Alert severity="error">Something Went Wrong</Alert>}
      {categories &&
        (categories.length > 0 ? (
          <CategoriesTable categories={categories} onOpen={setDialog} />
        ) : (
          <Typography sx={{ py: 4, textAlign: 'center' }}>Nothing Found</Typography>
        ))}
      {dialog?.kind === 'create' && <CreateCategoryDialog onClose={close} />}
      {dialog?.kind === 'edit' && <EditCategoryDialog category={dialog.category} onClose={close} />}
      {dialog?.kind === 'delete' && <DeleteCategoryDialog category={dialog.category} onClose={close} />}
    </Stack>
  );
}
