import type { PDFDocument, PDFFont, PDFPage, RGB } from 'pdf-lib';
import type { FontWeight } from './fontFamilies';
import { type Face, runsOf, widthOfRuns, wrapLine } from './textRuns';

// Lays text down the pages of a document PDF: every line goes through the font runs (so each
// script is drawn by a font that has it), every paragraph is wrapped to its width, and a line
// that would pass the bottom margin starts a new page. See docs/payments.md (invoice PDFs).

/** A4 in points. */
export const PAGE = { width: 595.28, height: 841.89 };
export const MARGIN = 50;
/** The lowest a line of the body may sit: the footer has the margin's top edge to itself. */
export const BODY_BOTTOM = MARGIN + 24;
const LINE_HEIGHT = 1.45;

export interface LineStyle {
  size?: number;
  bold?: boolean;
  color?: RGB;
}

/** One line of one column: already wrapped, drawn from `x` (or ending at `right`). */
export interface Cell extends LineStyle {
  text: string;
  x?: number;
  right?: number;
}

export class PageWriter {
  readonly pages: PDFPage[] = [];
  y = 0;
  private page!: PDFPage;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly faces: Record<FontWeight, Face<PDFFont>[]>,
    private readonly ink: RGB,
    /** Draws what heads a continuation page (which document it belongs to). */
    private readonly continued: (writer: PageWriter) => void,
  ) {
    this.addPage();
  }

  private addPage(): void {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - MARGIN;
  }

  /** Starts a new page unless `height` more points fit above the bottom margin. */
  ensure(height: number): void {
    if (this.y - height >= BODY_BOTTOM) return;
    this.addPage();
    this.continued(this);
  }

  width(text: string, style: LineStyle = {}): number {
    return widthOfRuns(runsOf(text, this.faces[style.bold ? 'bold' : 'regular']), style.size ?? 10);
  }

  /** Wraps printable text into lines of at most `width` points. */
  wrap(text: string, width: number, style: LineStyle = {}): string[] {
    return wrapLine(text, width, (line) => this.width(line, style));
  }

  /** Draws one line at the current height, on whichever page that is. */
  draw(cell: Cell, page: PDFPage = this.page): void {
    const size = cell.size ?? 10;
    const runs = runsOf(cell.text, this.faces[cell.bold ? 'bold' : 'regular']);
    let x = cell.right !== undefined ? cell.right - widthOfRuns(runs, size) : (cell.x ?? MARGIN);
    for (const run of runs) {
      page.drawText(run.text, { x, y: this.y, size, font: run.font, color: cell.color ?? this.ink });
      x += run.font.widthOfTextAtSize(run.text, size);
    }
  }

  /** Wrapped text, line by line, each line moving to a new page when it would not fit. */
  paragraph(text: string, style: LineStyle & { x?: number; width?: number } = {}): void {
    const x = style.x ?? MARGIN;
    const width = style.width ?? PAGE.width - MARGIN - x;
    this.rows(this.wrap(text, width, style).map((line) => [{ ...style, text: line, x }]));
  }

  /**
   * Side-by-side columns drawn row by row: row i holds each column's line i. A row that would
   * not fit starts a new page, so a long column carries on there and its neighbours stay put.
   */
  rows(rows: ReadonlyArray<ReadonlyArray<Cell>>): void {
    for (const row of rows) {
      const height = Math.max(...row.map((cell) => (cell.size ?? 10) * LINE_HEIGHT));
      this.ensure(height);
      for (const cell of row) this.draw(cell);
      this.y -= height;
    }
  }

  gap(points: number): void {
    this.y -= points;
  }

  rule(color: RGB): void {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: PAGE.width - MARGIN, y: this.y },
      thickness: 0.7,
      color,
    });
  }

  /** Writes each page's footer once the number of pages is known. */
  footers(footer: (number: number, count: number) => Cell[]): void {
    const body = this.y;
    this.y = MARGIN;
    this.pages.forEach((page, index) => {
      for (const cell of footer(index + 1, this.pages.length)) this.draw(cell, page);
    });
    this.y = body;
  }
}

/** Lines of a column: each paragraph wrapped to the column's width, all in one style. */
export function columnLines(
  writer: PageWriter,
  texts: readonly string[],
  width: number,
  style: LineStyle,
): Array<LineStyle & { text: string }> {
  return texts.flatMap((text) => writer.wrap(text, width, style).map((line) => ({ ...style, text: line })));
}

/** Zips columns into rows (a shorter column leaves its cells empty). */
export function zipColumns(
  columns: ReadonlyArray<{ x?: number; right?: number; lines: ReadonlyArray<LineStyle & { text: string }> }>,
): Cell[][] {
  const count = Math.max(0, ...columns.map((column) => column.lines.length));
  return Array.from({ length: count }, (_, index) =>
    columns.flatMap((column) => {
      const line = column.lines[index];
      return line ? [{ ...line, x: column.x, right: column.right }] : [];
    }),
  );
}
