import '@blueprintjs/select/lib/css/blueprint-select.css';
import { MenuItem } from '@blueprintjs/core';
import type { ItemRenderer } from '@blueprintjs/select';
import { FormattedMessage } from 'react-intl';

/**
 * How a Suggest picker (client, author …) shows an offered item: its text, a muted label on the right, and a
 * test id; items the query does not match are left out.
 */
export function suggestItem<T extends { id: string }>(
  show: (item: T) => { text: string; label?: string },
  testId: string,
): ItemRenderer<T> {
  return (item, { handleClick, handleFocus, modifiers }) => {
    if (!modifiers.matchesPredicate) return null;
    const { text, label } = show(item);
    return (
      <MenuItem
        key={item.id}
        roleStructure="listoption"
        active={modifiers.active}
        text={text}
        label={label}
        onClick={handleClick}
        onFocus={handleFocus}
        data-testid={testId}
      />
    );
  };
}

/** The line a Suggest picker shows when nothing matches (i18n id of the text). */
export function NoSuggestions(props: { messageId: string }) {
  return <MenuItem disabled text={<FormattedMessage id={props.messageId} />} roleStructure="listoption" />;
}
