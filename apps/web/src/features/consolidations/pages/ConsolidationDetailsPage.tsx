import { Button, Callout, ControlGroup, FormGroup, H1, InputGroup, Intent } from '@blueprintjs/core';
import {
  contract,
  MESSAGES,
  rooms,
  type ConsolidationListItem,
  type ConsolidationParcel,
  type ConsolidationView,
} from '@depot/contracts';
import { isBlockedByCheck } from '@depot/domain';
import { useAtomValue } from 'jotai';
import { useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useParams } from 'react-router';
import { ApiError, describeError, describeMessage } from '../../../api/errors';
import { routeKey, useRouteQuery, useSetRouteData } from '../../../api/query';
import { useLiveRecord } from '../../../realtime/useLiveRecord';
import { canAtom } from '../../../session/session';
import { saveBlob } from '../../../ui/export/saveFile';
import { QueryGate } from '../../../ui/QueryGate';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useText } from '../../../ui/useText';
import { consolidationsApi, pdfBlob } from '../api';
import { ConsolidationItems } from '../components/ConsolidationItems';
import { ConsolidationSummary } from '../components/ConsolidationSummary';

/**
 * /operatingModule/consolidation/details/:consolidationId (SPEC 2): what it holds, adding by scan, label, block. Live:
 * a change made elsewhere (a colleague's scan into it, a block) refreshes it from its own room (`consolidation:<id>`).
 */
export function ConsolidationDetailsPage() {
  usePageTitle('consolidations.detailsTitle');
  const { consolidationId = '' } = useParams();
  const input = { params: { id: consolidationId } };
  const query = useRouteQuery(contract.consolidations.get, input);
  const setData = useSetRouteData(contract.consolidations.get, input);
  useLiveRecord({
    list: 'consolidations',
    id: consolidationId,
    room: rooms.consolidation(consolidationId),
    key: routeKey(contract.consolidations.get, input),
  });
  return <QueryGate query={query}>{(c) => <Details consolidation={c} onChanged={setData} />}</QueryGate>;
}

/** The server's message of a refusal, if it was one. */
const messageOf = (err: unknown) => (err instanceof ApiError ? err.body?.message : undefined);

function Details(props: { consolidation: ConsolidationView; onChanged: (c: ConsolidationView) => void }) {
  const c = props.consolidation;
  const notify = useNotify();
  const text = useText();
  const can = useAtomValue(canAtom);
  const canWrite = can('consolidations.write');
  const [number, setNumber] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  /** The last block check failed: the consolidation counts as blocked until a check answers (SPEC 8). */
  const [checkFailed, setCheckFailed] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const locked = c.isBlocked || checkFailed;

  /** Runs a change after a fresh block check; a check that fails counts as blocked and nothing is sent. */
  const change = async (call: () => Promise<ConsolidationView>, done: (saved: ConsolidationView) => void) => {
    setFailure(null);
    setBusy(true);
    try {
      const check = await consolidationsApi.get(c.id).catch((err: unknown) => err);
      setCheckFailed(check instanceof Error || check === undefined);
      if (isBlockedByCheck(check)) {
        if (!(check instanceof Error)) props.onChanged(check as ConsolidationView);
        setFailure(
          text(
            check instanceof Error
              ? { id: 'consolidations.checkFailed' }
              : { id: 'consolidations.blockedNotice' },
          ),
        );
        return;
      }
      const saved = await call();
      props.onChanged(saved);
      done(saved);
    } catch (err) {
      // Scanning the same parcel twice is a note, not an error.
      if (messageOf(err) === MESSAGES.consolidationItemPresent) notify.info(describeError(err));
      else setFailure(text(describeError(err)));
    } finally {
      setBusy(false);
    }
  };

  const add = () => {
    const scanned = number.trim();
    if (!scanned) return;
    void change(
      () => consolidationsApi.add({ consolidationId: c.id, externalNumber: scanned }),
      () => notify.success({ id: 'consolidations.added', values: { number: scanned } }),
    ).then(() => {
      setNumber('');
      input.current?.focus();
    });
  };
  const removeParcel = (p: ConsolidationParcel) =>
    void change(
      () => consolidationsApi.remove({ consolidationId: c.id, parcelId: p.id }),
      () => notify.success({ id: 'consolidations.removed', values: { number: p.internalNumber } }),
    );
  const removeHeld = (h: ConsolidationListItem) =>
    void change(
      () => consolidationsApi.remove({ consolidationId: c.id, childConsolidationId: h.id }),
      () => notify.success({ id: 'consolidations.removed', values: { number: h.barcode } }),
    );

  const toggleBlock = async () => {
    setFailure(null);
    setBusy(true);
    try {
      const saved = await (c.isBlocked ? consolidationsApi.unblock(c.id) : consolidationsApi.block(c.id));
      props.onChanged(saved);
      setCheckFailed(false);
      notify.success({ id: saved.isBlocked ? 'consolidations.blocked' : 'consolidations.unblocked' });
    } catch (err) {
      setFailure(text(describeError(err)));
    } finally {
      setBusy(false);
    }
  };

  const printLabel = async () => {
    setBusy(true);
    try {
      const label = await consolidationsApi.label(c.id);
      saveBlob(pdfBlob(label.pdf), label.fileName);
      if (label.error.isBlank) for (const e of label.error.errorList) notify.info(describeMessage(e));
      else notify.success({ id: 'consolidations.labelReady', values: { count: c.parcelCount } });
    } catch (err) {
      notify.failure(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="depot-page" data-testid="page-consolidation-details">
      <div className="depot-page-header">
        <H1>
          <FormattedMessage id="consolidations.detailsTitle" /> {c.barcode}
        </H1>
        {canWrite ? (
          <div className="depot-page-actions">
            <Button
              icon="print"
              onClick={() => void printLabel()}
              disabled={busy}
              data-testid="consolidation-print"
            >
              <FormattedMessage id="consolidations.printLabel" />
            </Button>
            <Button
              icon={c.isBlocked ? 'unlock' : 'lock'}
              intent={c.isBlocked ? Intent.NONE : Intent.WARNING}
              onClick={() => void toggleBlock()}
              disabled={busy}
              data-testid="consolidation-block"
            >
              <FormattedMessage id={c.isBlocked ? 'consolidations.unblock' : 'consolidations.block'} />
            </Button>
          </div>
        ) : null}
      </div>
      <ConsolidationSummary consolidation={c} />
      {locked ? (
        <Callout intent={Intent.WARNING} data-testid="consolidation-locked" style={{ marginBottom: 12 }}>
          <FormattedMessage
            id={checkFailed ? 'consolidations.checkFailed' : 'consolidations.blockedNotice'}
          />
        </Callout>
      ) : null}
      {canWrite ? (
        <form
          className="depot-form-card"
          onSubmit={(e) => {
            e.preventDefault();
            add();
          }}
        >
          <FormGroup
            label={<FormattedMessage id="consolidations.addNumber" />}
            labelFor="consolidation-add-number"
          >
            <ControlGroup fill>
              <InputGroup
                id="consolidation-add-number"
                inputRef={input}
                value={number}
                onValueChange={setNumber}
                autoComplete="off"
                autoFocus
                disabled={c.isBlocked}
                data-testid="consolidation-add-number"
              />
              <Button
                type="submit"
                intent={Intent.PRIMARY}
                icon="add"
                disabled={busy || c.isBlocked || !number.trim()}
                data-testid="consolidation-add"
                style={{ flexGrow: 0 }}
              >
                <FormattedMessage id="consolidations.add" />
              </Button>
            </ControlGroup>
          </FormGroup>
          {failure ? (
            <Callout intent={Intent.DANGER} className="depot-form-error" data-testid="consolidation-failure">
              {failure}
            </Callout>
          ) : null}
        </form>
      ) : null}
      <ConsolidationItems
        consolidation={c}
        locked={locked || busy}
        canWrite={canWrite}
        onRemoveParcel={removeParcel}
        onRemoveConsolidation={removeHeld}
      />
    </div>
  );
}
