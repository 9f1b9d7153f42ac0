/**
 * The tabbed form of a resource's dialog (ResourceDialog): its tabs stay out of the URL, scroll on
 * a phone, and the toolbar stays in view at the dialog's bottom. Every prop of react-admin's
 * TabbedForm can still be given (a resource's own toolbar, its resolver, its record).
 */
import * as React from 'react';
import { TabbedForm, TabbedFormTabs, type TabbedFormProps } from 'react-admin';
import { FormToolbar } from './FormToolbar';

export function DialogTabbedForm(props: TabbedFormProps) {
  return (
    <TabbedForm
      syncWithLocation={false}
      toolbar={<FormToolbar />}
      tabs={<TabbedFormTabs variant="scrollable" allowScrollButtonsMobile />}
      {...props}
    />
  );
}

DialogTabbedForm.Tab = TabbedForm.Tab;

/** A tab of the form, or none while `shown` is false (a tab only a saved record has). */
export function formTab(label: string, content: React.ReactNode, shown = true) {
  return shown ? <TabbedForm.Tab label={label}>{content}</TabbedForm.Tab> : null;
}
