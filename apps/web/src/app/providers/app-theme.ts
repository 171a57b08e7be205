import { createTheme } from '@mui/material/styles';

/** A dense, quiet back-office theme around Credence's deep blue. */
export const appTheme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#1f4e79', light: '#4a77a3', dark: '#12324f', contrastText: '#ffffff' },
    secondary: { main: '#0f766e' },
    background: { default: '#f3f5f8', paper: '#ffffff' },
    text: { primary: '#1d2733', secondary: '#5a6675' },
    divider: '#dfe4ea',
  },
  shape: { borderRadius: 6 },
  typography: {
    fontFamily: '"Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    fontSize: 13,
    h5: { fontWeight: 600, fontSize: '1.35rem' },
    h6: { fontWeight: 600, fontSize: '1.05rem' },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiTextField: { defaultProps: { size: 'small' } },
    MuiFormControl: { defaultProps: { size: 'small' } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiListItemButton: { defaultProps: { dense: true } },
    MuiTooltip: { defaultProps: { arrow: true } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
    MuiPaper: { styleOverrides: { outlined: { borderColor: '#dfe4ea' } } },
    MuiDialogTitle: { styleOverrides: { root: { fontWeight: 600 } } },
  },
});
