/**
 * The success notice of a record created in a list's modal. When the list's filters (a status, a
 * date range, a search) hide the new record, the notice says so and offers Mostrar, which clears
 * the filters so it shows: a new service order saved while the list opens on Concluído no longer
 * seems to vanish. Whether it is hidden is the server's answer, not a guess: the list's own query
 * (its filters, newest first) is asked for the first page, where a new record that passes the
 * filters is.
 */
import * as React from 'react';
import { Button } from '@mui/material';
import {
  ListContext,
  useCloseNotification,
  useDataProvider,
  useNotify,
  useTranslate,
  type ListControllerResult,
  type RaRecord,
} from 'ra-core';

/** A notice's i18n key and its arguments. */
export interface CreatedNotice {
  message: string;
  args?: Record<string, unknown>;
}

/** The success notice of a created record, from the saved record (the create reply); undefined for the default. */
export type CreatedMessage = (saved: RaRecord) => CreatedNotice | undefined;

/** A page of the newest records under the list's filters holds a record created just now that passes them. */
const PAGE = 25;

function ShowRecordAction({ onShow }: { onShow: () => void }) {
  const translate = useTranslate();
  const close = useCloseNotification();
  return (
    <Button
      color="inherit"
      size="small"
      onClick={() => {
        onShow();
        close();
      }}
    >
      {translate('app.notify.show_record')}
    </Button>
  );
}

/** Whether the list's filters hide `saved`; false when there is no filtered list or the check fails. */
async function hiddenByFilters(
  dataProvider: ReturnType<typeof useDataProvider>,
  resource: string,
  filter: Record<string, unknown> | undefined,
  saved: RaRecord,
): Promise<boolean> {
  if (!filter || Object.keys(filter).length === 0 || saved?.id == null) return false;
  try {
    const { data } = await dataProvider.getList(resource, {
      filter,
      pagination: { page: 1, perPage: PAGE },
      sort: { field: 'id', order: 'DESC' },
    });
    return !data.some((record) => String(record.id) === String(saved.id));
  } catch {
    // The record was saved: a failed check only loses the hint.
    return false;
  }
}

export function useCreatedNotify(resource: string, createdMessage?: CreatedMessage) {
  const notify = useNotify();
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  // The list around the dialog, when there is one (the Agenda has none); read when used, never stale.
  const list = React.useContext(ListContext) as ListControllerResult | null;
  const listRef = React.useRef(list);
  React.useEffect(() => {
    listRef.current = list;
  });

  return React.useCallback(
    async (saved: RaRecord) => {
      const notice = createdMessage?.(saved) ?? { message: 'app.notify.created' };
      const text = translate(notice.message, notice.args);
      const hidden = await hiddenByFilters(dataProvider, resource, listRef.current?.filterValues, saved);
      if (!hidden) {
        notify(text, { type: 'success', messageArgs: { _: text } });
        return;
      }
      const message = `${text.replace(/[.!]?$/, '.')} ${translate('app.notify.hidden_by_filters')}`;
      notify(message, {
        type: 'success',
        messageArgs: { _: message },
        // Time to read it and reach the button.
        autoHideDuration: 10_000,
        action: <ShowRecordAction onShow={() => listRef.current?.setFilters({}, undefined, false)} />,
      });
    },
    [createdMessage, dataProvider, notify, resource, translate],
  );
}
