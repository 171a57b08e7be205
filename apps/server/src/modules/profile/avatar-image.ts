import { AVATAR_MAX_MEGAPIXELS, AVATAR_SIZE_PX } from '@credence/contracts';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

export type AvatarImageType = 'png' | 'jpeg';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
const startsWith = (content: Uint8Array, bytes: readonly number[]) =>
  content.length >= bytes.length && bytes.every((b, i) => content[i] === b);

/**
 * The avatar's type by its content (magic bytes), never by its name or the type the browser claimed: a page or
 * a script renamed 'me.png' is not an image (spec 1 §5: png, jpg or jpeg only).
 */
export const avatarImageType = (content: Uint8Array): AvatarImageType | null =>
  startsWith(content, PNG_SIGNATURE) ? 'png' : startsWith(content, JPEG_SIGNATURE) ? 'jpeg' : null;

export class UnreadableImageError extends Error {}
export class TooManyPixelsError extends Error {}

type Rgba = { width: number; height: number; data: Uint8Array };

const MAX_PIXELS = AVATAR_MAX_MEGAPIXELS * 1_000_000;

/** PNG's size is in its IHDR chunk (bytes 16..23): checked before decoding, so a 100 000 px bomb is not inflated. */
const pngSize = (content: Buffer) =>
  content.length >= 24 ? { width: content.readUInt32BE(16), height: content.readUInt32BE(20) } : null;

const decode = (type: AvatarImageType, content: Buffer): Rgba => {
  if (type === 'png') {
    const size = pngSize(content);
    if (!size) throw new UnreadableImageError('png header');
    if (size.width * size.height > MAX_PIXELS) throw new TooManyPixelsError();
    try {
      const png = PNG.sync.read(content);
      return { width: png.width, height: png.height, data: png.data };
    } catch {
      throw new UnreadableImageError('png');
    }
  }
  try {
    const image = jpeg.decode(content, {
      useTArray: true,
      formatAsRGBA: true,
      maxResolutionInMP: AVATAR_MAX_MEGAPIXELS,
      maxMemoryUsageInMB: 512,
    });
    return image;
  } catch (error) {
    if (error instanceof Error && /maxResolutionInMP|maxMemoryUsageInMB/.test(error.message)) {
      throw new TooManyPixelsError();
    }
    throw new UnreadableImageError('jpeg');
  }
};

/**
 * The centre square of the image scaled to `side` px by averaging each target pixel's box of source pixels
 * (area sampling: no aliasing when shrinking a photo by 30x), transparency laid over white.
 */
export const squareThumbnail = (image: Rgba, side: number): Uint8Array => {
  const crop = Math.min(image.width, image.height);
  const left = Math.floor((image.width - crop) / 2);
  const top = Math.floor((image.height - crop) / 2);
  const scale = crop / side;
  const out = new Uint8Array(side * side * 4);
  for (let y = 0; y < side; y++) {
    const y0 = top + Math.floor(y * scale);
    const y1 = Math.max(y0 + 1, top + Math.floor((y + 1) * scale));
    for (let x = 0; x < side; x++) {
      const x0 = left + Math.floor(x * scale);
      const x1 = Math.max(x0 + 1, left + Math.floor((x + 1) * scale));
      let r = 0;
      let g = 0;
      let b = 0;
      let n = 0;
      for (let sy = y0; sy < y1; sy++) {
        let i = (sy * image.width + x0) * 4;
        for (let sx = x0; sx < x1; sx++, i += 4) {
          const alpha = image.data[i + 3]! / 255;
          r += image.data[i]! * alpha + 255 * (1 - alpha);
          g += image.data[i + 1]! * alpha + 255 * (1 - alpha);
          b += image.data[i + 2]! * alpha + 255 * (1 - alpha);
          n++;
        }
      }
      const o = (y * side + x) * 4;
      out[o] = Math.round(r / n);
      out[o + 1] = Math.round(g / n);
      out[o + 2] = Math.round(b / n);
      out[o + 3] = 255;
    }
  }
  return out;
};

/**
 * The stored avatar: a PNG or JPEG (by content) made into a AVATAR_SIZE_PX square JPEG, as a data URL — small
 * enough (a few KB) to travel with the signed-in user to the top bar. Throws UnreadableImageError for a file
 * that starts like an image but does not decode, TooManyPixelsError beyond AVATAR_MAX_MEGAPIXELS.
 * (EXIF orientation is not applied: a phone photo taken sideways stays as stored.)
 */
export const makeAvatar = (type: AvatarImageType, content: Buffer): string => {
  const image = decode(type, content);
  if (image.width < 1 || image.height < 1) throw new UnreadableImageError('empty');
  const data = squareThumbnail(image, AVATAR_SIZE_PX);
  const encoded = jpeg.encode({ width: AVATAR_SIZE_PX, height: AVATAR_SIZE_PX, data }, 85);
  return `data:image/jpeg;base64,${encoded.data.toString('base64')}`;
};
