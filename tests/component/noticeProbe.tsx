/**
 * Lists react-admin's queued notifications (text, type, auto-hide time) instead of showing them
 * one at a time in a snackbar, so a test can read every notice and its options.
 */
import * as React from 'react';
import { useNotificationContext, useTranslate } from 'ra-core';

export function NoticeProbe() {
  const { notifications } = useNotificationContext();
  const translate = useTranslate();
  return (
    <ul aria-label="notices">
      {notifications.map((notification, index) => {
        const { messageArgs, autoHideDuration } = notification.notificationOptions ?? {};
        return (
          <li key={index} data-type={notification.type} data-duration={String(autoHideDuration ?? '')}>
            {typeof notification.message === 'string' ? translate(notification.message, messageArgs) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** The notices as { text, type, duration }. */
export function readNotices(root: HTMLElement = document.body) {
  return [...root.querySelectorAll('ul[aria-label="notices"] > li')].map((li) => ({
    text: li.textContent ?? '',
    type: li.getAttribute('data-type'),
    duration: li.getAttribute('data-duration'),
  }));
}

/** The notices as { text, type }: for a test that does not look at how long one stays. */
export const noticeKinds = () => readNotices().map(({ text, type }) => ({ text, type }));
