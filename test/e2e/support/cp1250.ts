/**
 * Text as Windows-1250 bytes (what Polish Excel writes into a CSV), for the tests that build such files. The table is
 * read off the platform's own decoder, not written by hand; a character the code page lacks is an error.
 */
const decoder = new TextDecoder('windows-1250');
const BYTE_OF = new Map(
  Array.from({ length: 256 }, (_, b) => [decoder.decode(Uint8Array.of(b)), b] as const),
);

export const cp1250 = (text: string): Buffer =>
  Buffer.from(
    [...text].map((ch) => {
      const byte = BYTE_OF.get(ch);
      if (byte === undefined) throw new Error(`no Windows-1250 byte for ${ch}`);
      return byte;
    }),
  );
