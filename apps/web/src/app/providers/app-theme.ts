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
    // MUI's orange (#ed6c02) keeps white text at 3.11:1; this darker orange reads as the same warning at 5.0:1
    // on white and 4.6:1 on the page background (WCAG AA, issue 17 item 9): Pending chips, Alerts, lock chips.
    warning: { main: '#b85000', light: '#ed6c02', dark: '#8f3e00', contrastText: '#ffffff' },
    // Likewise MUI's info blue (#0288d1, 3.9:1) one step darker: 4.8:1 (the "Reviewed" chips).
    info: { main: '#0277bd', light: '#0288d1', dark: '#01579b', contrastText: '#ffffff' },
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
    // react-toastify's coloured toasts in the theme's colours: its own green (#07bc0c) and blue (#3498db) keep
    // white text under 3:1. On body, so they win over the library's :root values whatever the CSS order.
    MuiCssBaseline: {
      styleOverrides: {
        body: {
          '--toastify-color-success': '#2e7d32',
          '--toastify-color-info': '#0277bd',
          '--toastify-color-warning': '#b85000',
          '--toastify-color-error': '#d32f2f',
          '--toastify-text-color-warning': '#ffffff',
        },
      },
    },
    MuiTextField: { defaultProps: { size: 'small' } },
    MuiFormControl: { defaultProps: { size: 'small' } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiListItemButton: { defaultProps: { dense: true } },
    MuiTooltip: { defaultProps: { arrow: true } },
    // A disabled field's helper text says why it is disabled ('Choose the code type first.'): it must stay readable
    // (WCAG AA contrast), not greyed out like the field.
    MuiFormHelperText: {
      styleOverrides: { root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }) },
    },
    // Initials on MUI's grey avatar are white on #bdbdbd (1.9:1); the secondary text colour gives 5.9:1.
    MuiAvatar: { styleOverrides: { colorDefault: { backgroundColor: '#5a6675', color: '#ffffff' } } },
    // A progress bar needs a name (axe aria-progressbar-name); a spinner with its own label keeps it.
    MuiCircularProgress: { defaultProps: { 'aria-label': 'Loading' } },
    MuiLinearProgress: { defaultProps: { 'aria-label': 'Loading' } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
    MuiPaper: { styleOverrides: { outlined: { borderColor: '#dfe4ea' } } },
    MuiDialogTitle: { styleOverrides: { root: { fontWeight: 600 } } },
  },
});
