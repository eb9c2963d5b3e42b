import { Classes } from '@blueprintjs/core';
import type { LogFieldName, LogValue } from '@depot/domain';
import { Fragment } from 'react';
import { FormattedMessage } from 'react-intl';
import { formatDateTime } from '../../../ui/format';

const TEXT_STYLE = { whiteSpace: 'pre-wrap', wordBreak: 'break-word' } as const;
const NESTED_STYLE = { margin: 0, paddingLeft: 16 } as const;

/** A recorded field by the words of its path; a key the catalogue has no word for is shown as recorded. */
export function LogFieldNameView(props: { name: LogFieldName[] }) {
  if (props.name.length === 0) return <FormattedMessage id="logs.value" />;
  return (
    <>
      {props.name.map((n, i) => (
        <Fragment key={i}>
          {i > 0 ? ' › ' : null}
          {n.word ? <FormattedMessage id={n.word} /> : <code>{n.key}</code>}
        </Fragment>
      ))}
    </>
  );
}

const isPlain = (v: LogValue) => v.kind !== 'list' && v.kind !== 'record';

/** A recorded value in words: none and hidden values muted, yes/no and names of things translated, dates formatted. */
export function LogValueView(props: { value: LogValue }) {
  const { value } = props;
  switch (value.kind) {
    case 'none':
      return (
        <span className={Classes.TEXT_MUTED}>
          <FormattedMessage id="logs.absent" />
        </span>
      );
    case 'hidden':
      return (
        <span className={Classes.TEXT_MUTED}>
          <FormattedMessage id="logs.hidden" />
        </span>
      );
    case 'word':
      return <FormattedMessage id={value.word} />;
    case 'text':
      return <span style={TEXT_STYLE}>{value.text}</span>;
    case 'dateTime':
      return <time dateTime={value.iso}>{formatDateTime(value.iso)}</time>;
    case 'list':
      // Plain values one after another; records (a matrix condition, a group's client) one per line.
      return value.items.every(isPlain) ? (
        <span style={TEXT_STYLE}>
          {value.items.map((item, i) => (
            <Fragment key={i}>
              {i > 0 ? ', ' : null}
              <LogValueView value={item} />
            </Fragment>
          ))}
        </span>
      ) : (
        <ol style={NESTED_STYLE}>
          {value.items.map((item, i) => (
            <li key={i}>
              <LogValueView value={item} />
            </li>
          ))}
        </ol>
      );
    case 'record':
      return (
        <ul className={Classes.LIST_UNSTYLED} style={TEXT_STYLE}>
          {value.fields.map((f, i) => (
            <li key={i}>
              <LogFieldNameView name={[f.name]} />: <LogValueView value={f.value} />
            </li>
          ))}
        </ul>
      );
  }
}
