// SVG to PNG in the browser: the SVG as an image (a data: URL, allowed by the page's CSP), drawn
// on a canvas at `scale`, capped at what a canvas can hold (16,384 px a side) so a very large
// diagram is scaled down rather than failing.
export const MAX_SIDE = 16_384;
export const MAX_AREA = 120_000_000;

export function pngScale(width: number, height: number, wanted = 2): number {
  let s = wanted;
  s = Math.min(s, MAX_SIDE / width, MAX_SIDE / height);
  if (width * height * s * s > MAX_AREA) s = Math.sqrt(MAX_AREA / (width * height));
  return Math.max(0.05, s);
}

export async function svgToPng(svg: string, width: number, height: number, wanted = 2): Promise<{ blob: Blob; width: number; height: number }> {
  const img = new Image();
  img.decoding = 'async';
  const loaded = new Promise<void>((resolve, reject) => { img.onload = () => resolve(); img.onerror = () => reject(new Error('the diagram could not be drawn as an image')); });
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await loaded;
  const s = pngScale(width, height, wanted);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * s);
  canvas.height = Math.round(height * s);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('this browser cannot draw on a canvas');
  ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, 'image/png'));
  if (!blob) throw new Error('the PNG could not be encoded');
  return { blob, width: canvas.width, height: canvas.height };
}

export function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
