import { HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import type { YesNo } from './listHelpers';

/**
 * Whether a key press lands where text is typed (then `/` is a character, not the search shortcut), or in a dialog
 * or popover (whose keys are its own).
 */
export function typingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.closest('.bp6-overlay, [role="dialog"]') !== null ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/** `/` anywhere on the page but in a text field focuses this field (decision 0122). */
export function useSearchShortcut() {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
      if (typingTarget(e.target) || !ref.current) return;
      e.preventDefault();
      ref.current.focus();
      ref.current.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return ref;
}

/** The list's search box (the first of its filters); `/` focuses it. */
export function SearchFilter(props: {
  value: string;
  onChange: (value: string) => void;
  /** i18n id of the placeholder. */
  placeholderId: string;
  testId: string;
}) {
  const intl = useIntl();
  const ref = useSearchShortcut();
  return (
    <InputGroup
      leftIcon="search"
      inputRef={ref}
      aria-keyshortcuts="/"
      placeholder={intl.formatMessage({ id: props.placeholderId })}
      value={props.value}
      onValueChange={props.onChange}
      data-testid={props.testId}
      className="depot-filter-search"
    />
  );
}

/** A select filter: "any" (blank) first, then one option per value, each labelled through i18n. */
export function SelectFilter<V extends string>(props: {
  value: V | '';
  onChange: (value: V | '') => void;
  values: readonly V[];
  /** i18n id of an option's label. */
  labelOf: (value: V) => string;
  /** i18n id of the blank option ("any type", "all roles" …). */
  anyId: string;
  /** i18n id of the select's accessible name. */
  ariaLabelId: string;
  testId: string;
}) {
  const intl = useIntl();
  return (
    <HTMLSelect
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value as V | '')}
      aria-label={intl.formatMessage({ id: props.ariaLabelId })}
      data-testid={props.testId}
      options={[
        { value: '', label: intl.formatMessage({ id: props.anyId }) },
        ...props.values.map((v) => ({ value: v, label: intl.formatMessage({ id: props.labelOf(v) }) })),
      ]}
    />
  );
}

/** A yes/no filter (active, access disabled …): any, yes only, no only. */
export function YesNoFilter(props: {
  value: YesNo;
  onChange: (value: YesNo) => void;
  /** i18n ids of the three options. */
  anyId: string;
  yesId: string;
  noId: string;
  ariaLabelId: string;
  testId: string;
}) {
  const labels = { true: props.yesId, false: props.noId } as const;
  return (
    <SelectFilter
      value={props.value}
      onChange={props.onChange}
      values={['true', 'false'] as const}
      labelOf={(v) => labels[v]}
      anyId={props.anyId}
      ariaLabelId={props.ariaLabelId}
      testId={props.testId}
    />
  );
}
