/** Saves bytes as a file the way a browser download does (an object URL and a link's click). */
export function saveFile(bytes: ArrayBuffer | string, filename: string, type: string): void {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL; give it a moment before freeing it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
