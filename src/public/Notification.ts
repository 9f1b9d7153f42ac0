/** react-admin's snackbar, in a chunk of its own for the public entry (src/public/PublicApp.tsx). */
export { Notification as default } from 'react-admin';
