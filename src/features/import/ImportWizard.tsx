import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../api/errorMessage';
import {
  useCommitImportMutation,
  usePreviewImportMutation,
  type ColumnMapping,
  type ImportSummary,
} from '../../api/imports';
import type { StockKind } from '../../api/stock';
import { specOf } from '../../api/stockKinds';
import { ColumnsStep } from './ColumnsStep';
import { count } from './count';
import { PreviewStep } from './PreviewStep';
import { UploadStep } from './UploadStep';

const STEPS = ['Upload', 'Columns', 'Preview', 'Commit'];

interface ImportWizardProps {
  kind: StockKind;
  onClose: () => void;
  /** The wizard starts over (a new file) with a new key. */
  onRestart: () => void;
}

/** Upload → Columns → Preview → Commit (docs/api.md §13); nothing is written before the commit is confirmed. */
export function ImportWizard({ kind, onClose, onRestart }: ImportWizardProps) {
  const [step, setStep] = useState(0);
  const [session, setSession] = useState<ImportSummary>();
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [skipErrors, setSkipErrors] = useState(false);
  const [preview, previewed] = usePreviewImportMutation();
  const [commit, committed] = useCommitImportMutation();

  const showPreview = async () => {
    if (!session) return;
    const result = await preview({ id: session.id, mapping });
    if (result.data) setStep(2);
  };
  const confirm = async () => {
    if (!session) return;
    setStep(3);
    const result = await commit({ kind, id: session.id, mapping, skipErrors });
    if (result.error) setStep(2);
  };

  const counts = previewed.data?.counts;
  const importable = counts ? counts.new + counts.add : 0;
  const blocked = !counts || importable === 0 || (counts.error > 0 && !skipErrors);
  const done = committed.data;

  return (
    <Stack spacing={3}>
      <Stepper activeStep={done ? STEPS.length : step} aria-label="Import steps">
        {STEPS.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>

      {step === 0 && (
        <UploadStep
          kind={kind}
          onUploaded={(uploaded) => {
            setSession(uploaded);
            setMapping(uploaded.mapping);
            setStep(1);
          }}
        />
      )}

      {step === 1 && session && (
        <>
          {previewed.error && <Alert severity="error">{errorMessage(previewed.error)}</Alert>}
          <Stack direction="row" spacing={1}>
            <Button variant="contained" loading={previewed.isLoading} onClick={() => void showPreview()}>
              Preview
            </Button>
          </Stack>
          <ColumnsStep session={session} mapping={mapping} onChange={setMapping} />
        </>
      )}

      {step === 2 && previewed.data && session && (
        <>
          {committed.error && (
            <Alert severity="error">
              {errorMessage(committed.error)} Nothing was imported; the file is still here to try again.
            </Alert>
          )}
          <Stack direction="row" spacing={1}>
            <Button onClick={() => setStep(1)}>Back to columns</Button>
            <Button variant="contained" disabled={blocked} onClick={() => void confirm()}>
              {`Import ${count(importable, 'row')}`}
            </Button>
          </Stack>
          <PreviewStep
            preview={previewed.data}
            fields={session.fields}
            mapping={mapping}
            skipErrors={skipErrors}
            onSkipErrorsChange={setSkipErrors}
          />
        </>
      )}

      {step === 3 && session && !done && (
        <Box sx={{ maxWidth: 640 }}>
          <Typography>
            Importing {count(importable, 'row')} of {session.file_name}…
          </Typography>
          <LinearProgress aria-label="Import progress" />
        </Box>
      )}

      {done && (
        <Stack spacing={2} sx={{ maxWidth: 640 }}>
          <Alert severity="success">
            Imported {done.file_name}: {count(done.created_count, 'new record')},{' '}
            {count(done.added_count, 'row')} added to existing {specOf(kind).plural},{' '}
            {count(done.skipped_count, 'row')} with errors skipped.
          </Alert>
          <Stack direction="row" spacing={1}>
            <Button variant="contained" onClick={onClose}>
              Close
            </Button>
            <Button onClick={onRestart}>Import another file</Button>
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}
