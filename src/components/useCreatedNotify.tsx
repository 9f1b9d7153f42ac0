/**
 * The success notice of a created record. It always offers Abrir, which opens the new record (its
 * page, or its edit modal: `recordPath`): a record made from the client's page, or one the list's
 * filters hide, is one click away (issue 30). When the list's filters (a status, a date range, a
 * search) hide the new record, the notice also says so and offers Mostrar, which clears the
 * filters so it shows. Whether it is hidden is the server's answer, not a guess: the list's own
 * query (its filters, newest first) is asked for the first page, where a new record that passes
 * the filters is.
 */
import * as React from 'react';
import { Button } from '@mui/material';
import { useNavigate } from 'react-router';
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

/** Records with a page of their own; the others open in their list's edit modal, /<resource>/{id}. */
const RECORD_PAGES: Record<string, (id: string) => string> = {
  clientes: (id) => `/clientes/${id}/show`,
  ordensservicos: (id) => `/ordenservico/${id}`,
};

/** Where a record opens: its page, or its edit modal. */
export const recordPath = (resource: string, id: RaRecord['id']) =>
  (RECORD_PAGES[resource] ?? ((key: string) => `/${resource}/${key}`))(encodeURIComponent(String(id)));

function NoticeButton({ label, onClick }: { label: string; onClick: () => void }) {
  const translate = useTranslate();
  const close = useCloseNotification();
  return (
    <Button
      color="inherit"
      size="small"
      onClick={() => {
        onClick();
        close();
      }}
    >
      {translate(label)}
    </Button>
  );
}

/** The notice's actions: Mostrar (clear the filters) when they hide the record, and Abrir. */
function CreatedActions({ path, onShow }: { path: string; onShow?: () => void }) {
  const navigate = useNavigate();
  return (
    <>
      {onShow ? <NoticeButton label="app.notify.show_record" onClick={onShow} /> : null}
      <NoticeButton label="app.notify.open_record" onClick={() => navigate(path)} />
    </>
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
    /** `listShown`: false when the dialog returns to another page (the client's): no list to hide the record. */
    async (saved: RaRecord, listShown = true) => {
      const notice = createdMessage?.(saved) ?? { message: 'app.notify.created' };
      const text = translate(notice.message, notice.args);
      const hidden = listShown && (await hiddenByFilters(dataProvider, resource, listRef.current?.filterValues, saved));
      const path = recordPath(resource, saved.id);
      const message = hidden ? `${text.replace(/[.!]?$/, '.')} ${translate('app.notify.hidden_by_filters')}` : text;
      notify(message, {
        type: 'success',
        messageArgs: { _: message },
        // Time to read it and reach the buttons.
        autoHideDuration: 10_000,
        action: <CreatedActions path={path} onShow={hidden ? () => listRef.current?.setFilters({}, undefined, false) : undefined} />,
      });
    },
    [createdMessage, dataProvider, notify, resource, translate],
  );
}
