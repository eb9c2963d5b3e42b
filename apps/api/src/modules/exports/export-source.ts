import { Injectable } from '@nestjs/common';
import type { ExportEntity, MessageId, Permission, PARCEL_EXPORT_ENTITY, Principal } from '@depot/contracts';
import type { MassSelection } from '@depot/domain';

/**
 * What a mass action or an export names: every row matching `filters` except `exceptId` (select-all), or just
 * `ids` — the shape the lists send (libs/domain selection: MassSelection, SPEC 7 `exceptId`). `filters` and
 * `orderBy` are the list's own, as its list endpoint takes them; the source validates them.
 */
export type ExportSelection = MassSelection<Record<string, unknown>, unknown>;

export type ExportCell = string | number | boolean | Date | null;

export interface ExportColumn {
  key: string;
  /**
   * The column's header: a catalogue entry (libs/contracts/src/catalogue), the panel's own label for the field, so
   * the file is headed exactly as the panel is; written in the reader's language with `catalogueText`.
   */
  header: MessageId;
  /** Column width in characters. */
  width?: number;
  /**
   * How a Date cell shows (in Europe/Warsaw): with the time (default) or the calendar date only. Other cells need
   * no format: numbers stay numbers, booleans become yes/no in the user's language, text stays text.
   */
  format?: 'date' | 'dateTime';
  /**
   * A column of codes with names in the catalogue: the entries `<words><code>` (`parcels.status.` → "Nowa"). The
   * xlsx file shows the name in the reader's language, as the panel does; CSV keeps the code, the value the API
   * and its filters take (decision 0116). A code with no entry is written as it is.
   */
  words?: string;
}

/**
 * One exportable entity. Feature modules register theirs with the ExportRegistry (in onModuleInit); the exports
 * module owns the endpoints, the xlsx writing (exceljs streaming), the jobs and the downloads.
 */
export interface ExportSource {
  /** 'clients' | 'matrices' | 'operators' … also the `{entity}` of `/api/{entity}/export/{actionName}`. */
  entity: ExportEntity | typeof PARCEL_EXPORT_ENTITY;
  /** Needed to export (checked by the exports module on top of the route's own permission). */
  permission: Permission;
  /** Worksheet name and file name stem: a catalogue entry (the list's title), in the reader's language. */
  title: MessageId;
  columns: ExportColumn[];
  /** How many rows the selection names (for progress and for choosing a background job). */
  count(selection: ExportSelection, principal: Principal): Promise<number>;
  /** The rows, in list order, in batches (keyset pages), each row keyed by column key. */
  rows(selection: ExportSelection, principal: Principal): AsyncIterable<Record<string, ExportCell>[]>;
}

/** Where feature modules register their export sources. */
@Injectable()
export class ExportRegistry {
  private readonly sources = new Map<string, ExportSource>();

  register(source: ExportSource): void {
    if (this.sources.has(source.entity)) throw new Error(`Export source ${source.entity} registered twice`);
    this.sources.set(source.entity, source);
  }

  get(entity: string): ExportSource | undefined {
    return this.sources.get(entity);
  }

  entities(): string[] {
    return [...this.sources.keys()];
  }
}
