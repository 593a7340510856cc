import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useListCategoriesQuery } from '../../api/categories';
import { formErrors } from '../../api/fieldMessages';
import { fileName, useUploadFileMutation } from '../../api/files';
import { useAppDispatch } from '../../app/hooks';
import { adminPageSelected } from '../../app/uiSlice';
import type { ChemicalStock } from '../../api/stock';
import { FormDialog } from '../../components/FormDialog';
import { UploadIcon } from '../../components/icons';
import { notify } from '../../components/notify';
import { offScreen } from '../../components/offScreen';
import { ChemicalSearch, chemicalLabel } from './ChemicalSearch';

function UploadProgress({ percent }: { percent: number }) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label="Upload progress"
        sx={{ flexGrow: 1, height: 8, borderRadius: 4 }}
      />
      <Typography variant="body2" sx={{ minWidth: 48 }}>
        {percent}%
      </Typography>
    </Stack>
  );
}

/** SPEC §2's Category page, by its sidebar index. */
const CATEGORY_PAGE = 8;

/**
 * SPEC §2 'Upload File': categories, linked chemicals and the file, with the upload's progress. With no category yet,
 * the select says where one is made, with a way there.
 */
export function UploadFileDialog({ onClose }: { onClose: () => void }) {
  const { data: categories = [], isSuccess: categoriesLoaded } = useListCategoriesQuery();
  const dispatch = useAppDispatch();
  const noCategories = categoriesLoaded && categories.length === 0;
  const [upload, { isLoading, error }] = useUploadFileMutation();
  const refused = formErrors(error, ['categories', 'file']);
  const [categoryIds, setCategoryIds] = useState<number[]>([]);
  const [chemicals, setChemicals] = useState<ChemicalStock[]>([]);
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState(0);

  const addChemical = (record: ChemicalStock) =>
    setChemicals((chosen) => (chosen.some(({ id }) => id === record.id) ? chosen : [...chosen, record]));

  const submit = async () => {
    if (!file) {
      notify('Please Upload a File.', 'error');
      return;
    }
    setPercent(0);
    const result = await upload({
      file,
      categories: categoryIds,
      chemicals: chemicals.map(({ id }) => id),
      onProgress: setPercent,
    });
    if (result.data) {
      notify(`${fileName(result.data)} uploaded.`, 'success');
      onClose();
    }
  };

  const categoryName = (id: number) => categories.find((category) => category.id === id)?.name ?? '';

  return (
    <FormDialog
      open
      title="Upload File"
      submitLabel="Submit"
      pending={isLoading}
      onSubmit={submit}
      onClose={onClose}
      errors={refused.others}
    >
      <TextField
        select
        label="Categories"
        value={categoryIds}
        onChange={(event) => setCategoryIds(event.target.value as unknown as number[])}
        disabled={noCategories}
        error={'categories' in refused.fields}
        helperText={
          refused.fields.categories ??
          (noCategories && (
            <>
              No categories yet: a file can go without one, or make them on the{' '}
              <Link
                component="button"
                type="button"
                variant="caption"
                onClick={() => {
                  dispatch(adminPageSelected(CATEGORY_PAGE));
                  onClose();
                }}
              >
                Category page
              </Link>
              .
            </>
          ))
        }
        slotProps={{
          select: {
            multiple: true,
            renderValue: (selected) => (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                {(selected as number[]).map((id) => (
                  <Chip key={id} size="small" label={categoryName(id)} />
                ))}
              </Box>
            ),
          },
        }}
      >
        {categories.map((category) => (
          <MenuItem key={category.id} value={category.id}>
            {category.name}
          </MenuItem>
        ))}
      </TextField>
      <ChemicalSearch actionLabel="Add" onPick={addChemical} />
      {chemicals.length > 0 && (
        <Box
          component="ul"
          aria-label="Substances to link"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
        >
          {chemicals.map((record) => (
            <li key={record.id}>
              <Chip
                label={chemicalLabel(record)}
                onDelete={() => setChemicals((chosen) => chosen.filter(({ id }) => id !== record.id))}
              />
            </li>
          ))}
        </Box>
      )}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button component="label" variant="outlined" startIcon={<UploadIcon />}>
          Choose File
          <input
            type="file"
            aria-label="File"
            // Kept in the DOM for the label and keyboard focus, but drawn by the button around it.
            style={offScreen}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </Button>
        <Typography sx={{ overflowWrap: 'anywhere' }}>
          {file ? `${file.name} (${(file.size / 1024).toFixed(1)} KB)` : 'No file chosen'}
        </Typography>
      </Stack>
      {refused.fields.file && <FormHelperText error>{refused.fields.file}</FormHelperText>}
      {isLoading && <UploadProgress percent={percent} />}
    </FormDialog>
  );
}
