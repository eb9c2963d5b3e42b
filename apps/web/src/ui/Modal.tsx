import { Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/** Dialogs open in a modal at most 600 px wide (SPEC §9). */
export function Modal(props: {
  isOpen: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Dialog
      isOpen={props.isOpen}
      title={props.title}
      onClose={props.onClose}
      style={{ maxWidth: 600, width: 'calc(100vw - 32px)' }}
    >
      <DialogBody>{props.children}</DialogBody>
      {props.footer ? <DialogFooter actions={props.footer} /> : null}
    </Dialog>
  );
}
