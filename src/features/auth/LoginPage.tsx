import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLoginMutation } from '../../api/auth';
import { meApi } from '../../api/me';
import { useAppDispatch } from '../../app/hooks';
import { notify } from '../../components/notify';
import { loggedIn } from './authSlice';
import { areaOf, areaPaths } from './signedInAreas';

export function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [login, { isLoading }] = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email || !password) {
      notify('Please Provide Email and Password', 'error');
      return;
    }
    // A failure is toasted by the errorToasts middleware; nothing more to do here.
    const result = await login({ email, password });
    if (result.data) {
      const token = result.data.access;
      dispatch(loggedIn(token));
      // The role decides where the person works; without an answer, the admin area's gate says what went wrong.
      const me = await dispatch(meApi.endpoints.me.initiate(token, { subscribe: false }));
      navigate(me.data ? areaPaths[areaOf(me.data.role)] : areaPaths.admin);
    }
  };

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper component="form" noValidate onSubmit={submit} sx={{ p: 4, width: '100%', maxWidth: 420 }}>
        <Stack spacing={3}>
          <Typography variant="h4" component="h1">
            LabStore
          </Typography>
          <Typography color="text.secondary">Sign in to manage the store.</Typography>
          <TextField
            label="Email"
            type="email"
            autoComplete="username"
            autoFocus
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Button type="submit" variant="contained" size="large" loading={isLoading}>
            Login
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
