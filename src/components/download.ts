/**
 * Saves text as a file through a blob: URL and an <a download> click. A download is a navigation,
 * not a fetch, so the page's `default-src 'self'` policy allows it and nothing leaves the browser.
 */
export function downloadText(fileName: string, text: string, type: string): void {
  downloadBlob(fileName, new Blob([text], { type }));
}

/** Saves a blob (e.g. a PNG drawn on a canvas) as a file, the same way. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a minute is ample.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
