import Alert from '@mui/material/Alert';

/** A refused save's messages that no field of the form shows beside itself, above the fields; nothing when none. */
export function FormErrorList({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <Alert severity="error">
      {messages.map((message) => (
        <div key={message}>{message}</div>
      ))}
    </Alert>
  );
}
