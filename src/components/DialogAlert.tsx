/**
 * A refused call's message inside the open modal, as an ARIA alert. While a dialog is open MUI
 * hides the rest of the page from assistive technology (aria-hidden), the red snackbar included:
 * every error notice raised while the dialog is open (a refused save, a refused upload or link in
 * one of its tabs) is repeated here, where it is read out. A later success notice clears it, and so
 * does its close button. The field errors stay under their fields, as they are.
 */
import * as React from 'react';
import { Alert } from '@mui/material';
import { useNotificationContext, useTranslate, type NotificationPayload } from 'ra-core';

export function DialogAlert() {
  const translate = useTranslate();
  const { notifications } = useNotificationContext();
  // Notices queued before the dialog opened are not about it: only those added since are read.
  const [read, setRead] = React.useState<{ notifications: NotificationPayload[]; message: string | null }>({
    notifications,
    message: null,
  });
  if (read.notifications !== notifications) {
    const fresh = notifications.filter((notification) => !read.notifications.includes(notification));
    const latest = fresh.at(-1);
    const text = latest?.type === 'error' && typeof latest.message === 'string' ? latest.message : null;
    setRead({
      notifications,
      message: !latest ? read.message : text ? translate(text, { _: text, ...latest.notificationOptions?.messageArgs }) : null,
    });
  }
  const { message } = read;

  if (!message) return null;
  return (
    <Alert
      severity="error"
      role="alert"
      closeText={translate('app.dialog.close_alert')}
      onClose={() => setRead({ notifications, message: null })}
      sx={{ borderRadius: 0, flexShrink: 0 }}
    >
      {message}
    </Alert>
  );
}
