/** Hands a file to the browser's downloads: a blob we hold (a direct export) or a URL it fetches (a job's file). */

function clickLink(href: string, fileName?: string): void {
  const a = document.createElement('a');
  a.href = href;
  if (fileName !== undefined) a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** Saves a blob under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  clickLink(url, fileName);
  // The download has taken the blob by the next task; free it a little later to be safe.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads a same-origin URL; the session cookie authenticates the GET and the server's Content-Disposition names
 * the file, so large files stream straight to disk.
 */
export function downloadUrl(url: string): void {
  clickLink(url, '');
}
