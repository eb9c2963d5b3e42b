/**
 * The little XML the Packeta adapter needs, without an XML library (none is installed): escaping values into a
 * request, and a tolerant reader that takes the text of the first element of a name, whatever its attributes,
 * namespaces prefix-free, CDATA or character references.
 */
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export const escapeXml = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** `<name>value</name>`, the value escaped; `name` must be a plain element name. */
export function element(name: string, value: string): string {
  if (!/^[A-Za-z_][\w.-]*$/.test(name)) throw new Error(`not an XML element name: ${name}`);
  return `<${name}>${escapeXml(value)}</${name}>`;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/**
 * The trimmed text of the first `<name>` element (child elements' tags dropped, their text kept), '' for
 * `<name/>`, or null when there is none.
 */
export function textOf(xml: string, name: string): string | null {
  const open = new RegExp(`<${name}(?:\\s[^>]*)?(/?)>`).exec(xml);
  if (!open) return null;
  if (open[1] === '/') return '';
  const start = open.index + open[0].length;
  const end = xml.indexOf(`</${name}`, start);
  if (end === -1) return null;
  const inner = xml.slice(start, end);
  const parts = inner.split(/(<!\[CDATA\[[\s\S]*?\]\]>)/);
  return parts
    .map((p) => (p.startsWith('<![CDATA[') ? p.slice(9, -3) : decode(p.replace(/<[^>]*>/g, ''))))
    .join('')
    .trim();
}
