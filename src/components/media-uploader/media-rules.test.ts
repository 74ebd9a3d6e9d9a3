import { describe, expect, it } from 'vitest';
import {
  batches,
  checkFiles,
  itemIds,
  MAX_FILE_SIZE,
  mediaHint,
  mediaLimits,
  acceptOf,
  mediaKeyFromUrl,
  moveItem,
} from './media-rules';

const file = (name: string, size = 1000) => ({ name, size });

describe('checkFiles', () => {
  it('accepts a selection within the limits', () => {
    expect(checkFiles('image', 3, [file('a.jpg'), file('b.PNG'), file('c.webp')], 10)).toBeNull();
    expect(checkFiles('video', 0, [file('clip.mov'), file('clip.webm')], 3)).toBeNull();
  });

  it('refuses more than the maximum, counting the existing items', () => {
    expect(checkFiles('image', 4, [file('a.jpg'), file('b.jpg')], 5)).toEqual({
      title: 'Too many files',
      description: 'You can only upload up to 5 images',
    });
    expect(checkFiles('video', 2, [file('a.mp4'), file('b.mp4')], 3)).toEqual({
      title: 'Too many files',
      description: 'You can only upload up to 3 videos',
    });
    // Exactly the maximum is fine.
    expect(checkFiles('image', 4, [file('a.jpg')], 5)).toBeNull();
  });

  it('refuses files above 100MB and says how many', () => {
    const big = file('big.jpg', MAX_FILE_SIZE + 1);
    expect(checkFiles('image', 0, [big, file('ok.jpg'), big], 5)).toEqual({
      title: 'File too large',
      description: 'Maximum file size is 100MB. 2 file(s) exceeded this limit.',
    });
    expect(checkFiles('image', 0, [file('edge.jpg', MAX_FILE_SIZE)], 5)).toBeNull();
  });

  it('checks the count before the size', () => {
    const big = file('big.mp4', MAX_FILE_SIZE * 2);
    expect(checkFiles('video', 3, [big], 3)?.title).toBe('Too many files');
  });

  it('refuses extensions of the other kind or unknown ones', () => {
    expect(checkFiles('image', 0, [file('clip.mp4')], 5)).toEqual({
      title: 'Unsupported file type',
      description: 'Supported formats: JPG, JPEG, PNG, GIF, WEBP',
    });
    expect(checkFiles('video', 0, [file('photo.jpg')], 5)?.description).toBe(
      'Supported formats: MP4, AVI, MOV, WMV, FLV, WEBM',
    );
    expect(checkFiles('image', 0, [file('noextension')], 5)?.title).toBe('Unsupported file type');
  });
});

describe('mediaHint', () => {
  it('lists the formats and the limits', () => {
    expect(mediaHint('image', 10)).toBe(
      'Supported formats: JPG, JPEG, PNG, GIF, WEBP. Up to 10 images, 100MB max per file.',
    );
    expect(mediaHint('video', 1)).toBe(
      'Supported formats: MP4, AVI, MOV, WMV, FLV, WEBM. Up to 1 video, 100MB max per file.',
    );
  });
});

describe('narrowed limits (the shop logo: PNG or JPEG, 2 MB)', () => {
  const logo = mediaLimits('image', {
    extensions: ['.png', '.jpg', '.jpeg', '.pdf'],
    maxFileSize: 2 * 1024 * 1024,
  });

  it('keeps only the formats of the kind it names, and the smaller size', () => {
    expect(logo).toEqual({ extensions: ['.jpg', '.jpeg', '.png'], maxFileSize: 2 * 1024 * 1024 });
    expect(mediaLimits('image', { maxFileSize: 500 * 1024 * 1024 }).maxFileSize).toBe(
      MAX_FILE_SIZE,
    );
    expect(acceptOf('image', logo)).toEqual({
      'image/jpeg': ['.jpg', '.jpeg'],
      'image/png': ['.png'],
    });
  });

  it('says the narrowed formats and size in the hint', () => {
    expect(mediaHint('image', 1, logo)).toBe(
      'Supported formats: JPG, JPEG, PNG. Up to 1 image, 2MB max per file.',
    );
  });

  it('refuses a GIF and a 3 MB file before any upload', () => {
    expect(checkFiles('image', 0, [file('logo.gif')], 1, logo)).toEqual({
      title: 'Unsupported file type',
      description: 'Supported formats: JPG, JPEG, PNG',
    });
    expect(checkFiles('image', 0, [file('logo.png', 3 * 1024 * 1024)], 1, logo)).toEqual({
      title: 'File too large',
      description: 'Maximum file size is 2MB. 1 file(s) exceeded this limit.',
    });
    expect(checkFiles('image', 0, [file('logo.PNG', 2 * 1024 * 1024)], 1, logo)).toBeNull();
  });
});

describe('mediaKeyFromUrl', () => {
  it('takes the last path segment', () => {
    expect(mediaKeyFromUrl('/api/v1/media/3f2a-photo.jpg')).toBe('3f2a-photo.jpg');
    expect(mediaKeyFromUrl('https://shop.example/api/v1/media/abc.webp')).toBe('abc.webp');
  });

  it('ignores the query and the fragment', () => {
    expect(mediaKeyFromUrl('/api/v1/media/abc.jpg?expires=1&signature=x#top')).toBe('abc.jpg');
  });

  it('returns null when the segment is no storage key', () => {
    expect(mediaKeyFromUrl('')).toBeNull();
    expect(mediaKeyFromUrl('/')).toBeNull();
    expect(mediaKeyFromUrl('https://cdn.example/images/my%20photo.jpg')).toBeNull();
    expect(mediaKeyFromUrl('/media/%E0%A4%A')).toBeNull();
  });
});

describe('batches', () => {
  it('splits into requests of at most 5 files', () => {
    expect(batches([1, 2, 3, 4, 5, 6, 7])).toEqual([
      [1, 2, 3, 4, 5],
      [6, 7],
    ]);
    expect(batches([])).toEqual([]);
  });
});

describe('itemIds and moveItem', () => {
  it('gives repeated URLs distinct ids', () => {
    expect(itemIds(['a', 'b', 'a', 'a'])).toEqual(['a', 'b', 'a#1', 'a#2']);
  });

  it('moves an item to a new position', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 5, 0)).toEqual(['a', 'b', 'c']);
  });
});
