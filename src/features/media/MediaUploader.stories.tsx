import { Box } from '@chakra-ui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { API, media, uploads } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { expectToast, screen, mockedBy } from '@/testing/story';
import { MAX_FILE_SIZE, MediaUploader, type MediaUploaderProps } from '@/components/media-uploader';
import { mediaApi } from './media-api';
import { expectRightToLeft } from '@/testing/languages';
import { afterRequestsSentSoFar } from '@/testing/waits';

const url = (key: string) => `/api/v1/media/${key}`;
const IMAGES = [url('sac-cabas-camel.jpg'), url('sac-cabas-noir.jpg'), url('huile-olive-1l.jpg')];
const IMAGES_UPLOAD = '/api/v1/admin/uploads/images';
const VIDEOS_UPLOAD = '/api/v1/admin/uploads/videos';
const DELETE_FILES = '/api/v1/admin/uploads/files';
const presigned = (key: string) => `/api/v1/admin/uploads/presigned-url/${key}`;

/** The widget is controlled: this keeps its value in state and reports each change to the spy. */
function Controlled(props: MediaUploaderProps) {
  const [value, setValue] = useState(props.value);
  return (
    <Box p={{ base: '4', md: '8' }} maxW="3xl">
      <MediaUploader
        {...props}
        value={value}
        onChange={(urls) => {
          setValue(urls);
          props.onChange(urls);
        }}
      />
    </Box>
  );
}

const meta = {
  title: 'Media/MediaUploader',
  component: MediaUploader,
  render: (args) => <Controlled {...args} />,
  args: { kind: 'image', api: mediaApi, value: [], max: 10, onChange: fn() },
  // The uploads are an admin's: the mocks refuse them to nobody (401), as the server does.
  parameters: { auth: { userType: 'admin' } },
} satisfies Meta<typeof MediaUploader>;
export default meta;
type Story = StoryObj<typeof meta>;

function image(name: string, size?: number): File {
  const file = new File(['not really a picture'], name, { type: 'image/jpeg' });
  // A 100MB+ file without allocating it: the uploader only reads `size`.
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}
const items = (canvasElement: HTMLElement) => within(canvasElement).queryAllByTestId('media-item');
const urls = (canvasElement: HTMLElement) =>
  items(canvasElement).map((item) => item.getAttribute('data-url'));
const input = (canvasElement: HTMLElement, kind = 'image') =>
  within(canvasElement).getByTestId(`upload-${kind}-input`);

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(items(canvasElement)).toHaveLength(0);
    const tile = canvas.getByRole('button', { name: 'Upload image' });
    await expect(tile).toBeVisible();
    await expect(tile).toHaveTextContent('Upload image');
    await expect(
      canvas.getByText(
        'Supported formats: JPG, JPEG, PNG, GIF, WEBP. Up to 10 images, 100MB max per file.',
        { exact: false },
      ),
    ).toBeVisible();
    await expect(input(canvasElement)).toHaveAttribute('accept', expect.stringContaining('.webp'));
    // One control: the file input sits beside the tile, never inside the button.
    await expect(tile).not.toContainElement(input(canvasElement));
  },
};

/** Arabic: right to left, the tile, the badge and the hint translated. */
export const Arabic: Story = {
  args: { value: IMAGES },
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'رفع صورة' })).toBeVisible();
    await expectRightToLeft();
    await expect(canvas.getByText('رئيسية')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'إزالة الصورة 1' })).toBeInTheDocument();
  },
};

export const French: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Envoyer une image' })).toBeVisible();
    await expect(
      canvas.getByText('Formats acceptés : JPG, JPEG, PNG, GIF, WEBP.', { exact: false }),
    ).toBeVisible();
  },
};

/** The first item is marked Primary; previews use the signed URL of each stored file. */
export const Filled: Story = {
  args: { value: IMAGES },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(urls(canvasElement)).toEqual(IMAGES);
    const [first, second] = items(canvasElement);
    await expect(within(first!).getByText('Primary')).toBeVisible();
    await expect(within(second!).queryByText('Primary')).toBeNull();
    await expect(canvas.getAllByText('Primary')).toHaveLength(1);
    await requests.waitFor('GET', presigned('sac-cabas-camel.jpg'));
    await expect(requests.last('GET', presigned('sac-cabas-camel.jpg'))?.query).toEqual({
      expiration: '3600',
    });
    const img = await within(first!).findByRole('img', { name: 'Image 1' });
    await waitFor(() => expect(img).toHaveAttribute('src', expect.stringContaining('signature=')));
    await waitFor(() => expect((img as HTMLImageElement).naturalWidth).toBeGreaterThan(0));
    await expect(canvas.getByRole('button', { name: 'Upload image' })).toBeVisible();
  },
};

export const Dark: Story = { ...Filled, globals: { theme: 'dark' } };

export const Uploading: Story = {
  parameters: mockedBy(uploads.images.loading()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.upload(input(canvasElement), [image('photo.jpg')]);
    await expect(await canvas.findByText('Uploading...')).toBeVisible();
    const tile = canvas.getByRole('button', { name: 'Uploading...' });
    await expect(tile).toHaveAttribute('aria-disabled', 'true');
    const [call] = await requests.waitFor('POST', IMAGES_UPLOAD);
    await expect(call?.body).toEqual({ files: 'photo.jpg' });
  },
};

/** Files go up in one request (field `files`); the stored URLs are appended in order. */
export const UploadSucceeds: Story = {
  args: { value: IMAGES.slice(0, 1) },
  play: async ({ canvasElement, args }) => {
    await userEvent.upload(input(canvasElement), [image('front.jpg'), image('back.png')]);
    const [call] = await requests.waitFor('POST', IMAGES_UPLOAD);
    await expect(call?.body).toEqual({ files: ['front.jpg', 'back.png'] });
    await waitFor(() => expect(items(canvasElement)).toHaveLength(3));
    const [urlsAfter] = args.onChange.mock.lastCall as [string[]];
    await expect(urlsAfter[0]).toBe(IMAGES[0]);
    await expect(urlsAfter.slice(1)).toEqual([
      expect.stringMatching(/^\/api\/v1\/media\/[\w-]+\.jpg$/),
      expect.stringMatching(/^\/api\/v1\/media\/[\w-]+\.png$/),
    ]);
    await expect(within(canvasElement).getByRole('button', { name: 'Upload image' })).toBeVisible();
  },
};

export const TooManyFiles: Story = {
  args: { value: IMAGES.slice(0, 1), max: 2 },
  play: async ({ canvasElement, args }) => {
    await userEvent.upload(input(canvasElement), [image('a.jpg'), image('b.jpg')]);
    await expectToast('Too many files', 'You can only upload up to 2 images', 'error');
    await expect(requests.to('POST', IMAGES_UPLOAD)).toHaveLength(0);
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

export const FileTooLarge: Story = {
  play: async ({ canvasElement, args }) => {
    const big = MAX_FILE_SIZE + 1;
    await userEvent.upload(input(canvasElement), [
      image('huge-1.jpg', big),
      image('small.jpg'),
      image('huge-2.jpg', big),
    ]);
    await expectToast(
      'File too large',
      'Maximum file size is 100MB. 2 file(s) exceeded this limit.',
      'error',
    );
    await expect(requests.to('POST', IMAGES_UPLOAD)).toHaveLength(0);
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

/** A file the picker filter would hide (dropped, say) is refused before any upload. */
export const UnsupportedType: Story = {
  play: async ({ canvasElement }) => {
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input(canvasElement), [new File(['%PDF'], 'notice.pdf')]);
    await expectToast('Unsupported file type', 'Supported formats: JPG, JPEG, PNG, GIF, WEBP');
    await expect(requests.to('POST', IMAGES_UPLOAD)).toHaveLength(0);
  },
};

export const UploadFailed: Story = {
  parameters: mockedBy(uploads.images.error(415, 'photo.jpg is not a JPEG image')),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.upload(input(canvasElement), [image('photo.jpg')]);
    await expectToast('Upload failed', 'photo.jpg is not a JPEG image', 'error');
    await expect(args.onChange).not.toHaveBeenCalled();
    // Usable again.
    await expect(await canvas.findByRole('button', { name: 'Upload image' })).not.toHaveAttribute(
      'aria-disabled',
    );
  },
};

/** No message from the server (network failure): the kind's fallback text. */
export const UploadFailedNoMessage: Story = {
  parameters: mockedBy(uploads.images.networkError()),
  play: async ({ canvasElement }) => {
    await userEvent.upload(input(canvasElement), [image('photo.jpg')]);
    await expectToast('Upload failed', 'Failed to upload images', 'error');
  },
};

export const Videos: Story = {
  args: { kind: 'video', value: [url('atelier-tour.mp4')], max: 3 },
  parameters: mockedBy(uploads.videos.reply(() => HttpResponse.json({}, { status: 502 }))),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Upload video' })).toBeVisible();
    await expect(
      canvas.getByText(
        'Supported formats: MP4, AVI, MOV, WMV, FLV, WEBM. Up to 3 videos, 100MB max per file.',
        { exact: false },
      ),
    ).toBeVisible();
    await expect(within(items(canvasElement)[0]!).getByText('Primary')).toBeVisible();
    const clip = new File(['0000'], 'clip.mp4', { type: 'video/mp4' });
    await userEvent.upload(input(canvasElement, 'video'), [clip]);
    const [call] = await requests.waitFor('POST', VIDEOS_UPLOAD);
    await expect(call?.body).toEqual({ files: 'clip.mp4' });
    await expectToast('Upload failed', 'Failed to upload videos', 'error');
  },
};

/** At the maximum the upload tile goes away. */
export const Full: Story = {
  args: { value: IMAGES, max: 3 },
  play: async ({ canvasElement }) => {
    await expect(items(canvasElement)).toHaveLength(3);
    await expect(within(canvasElement).queryByRole('button', { name: 'Upload image' })).toBeNull();
  },
};

/**
 * One image at most (the shop's logo): no "Drag to reorder", no "Primary" and no drag handle,
 * only the hint and the remove button.
 */
export const SingleImage: Story = {
  args: { value: IMAGES.slice(0, 1), max: 1 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(items(canvasElement)).toHaveLength(1);
    const grid = canvas.getByRole('list', { name: 'Images' });
    const hint = document.getElementById(grid.getAttribute('aria-describedby')!);
    await expect(hint).toHaveTextContent(
      /^Supported formats: JPG, JPEG, PNG, GIF, WEBP\. Up to 1 image, 100MB max per file\.$/,
    );
    await expect(canvas.queryByText(/Drag to reorder/)).toBeNull();
    await expect(canvas.queryByText('Primary')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Reorder image 1' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Remove image 1' })).toBeInTheDocument();
  },
};

/** Several images: the hint says how to order them. */
export const OrderedHint: Story = {
  args: { value: IMAGES.slice(0, 2), max: 3 },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText(
        'Supported formats: JPG, JPEG, PNG, GIF, WEBP. Up to 3 images, 100MB max per file. Drag to reorder; the first image is the primary one.',
      ),
    ).toBeVisible();
  },
};

/**
 * The hover button removes the item from the value only: the stored file stays (the server deletes
 * it when the product is saved without it), so a form left with Cancel still has its file.
 */
export const Remove: Story = {
  args: { value: IMAGES },
  play: async ({ canvasElement, args }) => {
    const second = items(canvasElement)[1]!;
    await userEvent.hover(second);
    await userEvent.click(within(second).getByRole('button', { name: 'Remove image 2' }));
    await waitFor(() => expect(urls(canvasElement)).toEqual([IMAGES[0], IMAGES[2]]));
    await expect(args.onChange).toHaveBeenLastCalledWith([IMAGES[0], IMAGES[2]]);
    await expect(args.onChange).toHaveBeenCalledTimes(1);
    // A call the removal sent would have arrived before one sent now: none was.
    await afterRequestsSentSoFar();
    await expect(requests.to('DELETE', DELETE_FILES)).toHaveLength(0);
    await expect(requests.all().filter((r) => r.method !== 'GET')).toEqual([]);
  },
};

/** Removing the primary promotes the next one; nothing is sent, nothing is reported. */
export const RemovePrimary: Story = {
  args: { value: IMAGES },
  play: async ({ canvasElement }) => {
    const first = items(canvasElement)[0]!;
    await userEvent.click(within(first).getByRole('button', { name: 'Remove image 1' }));
    await waitFor(() => expect(urls(canvasElement)).toEqual(IMAGES.slice(1)));
    await expect(within(items(canvasElement)[0]!).getByText('Primary')).toBeVisible();
    await afterRequestsSentSoFar();
    await expect(requests.to('DELETE', DELETE_FILES)).toHaveLength(0);
    await expect(screen.queryAllByTestId('toast')).toHaveLength(0);
  },
};

/** Keyboard reordering: focus a drag handle, Space to pick up, ArrowRight, Space to drop. */
export const KeyboardReorder: Story = {
  args: { value: IMAGES },
  play: async ({ canvasElement, args }) => {
    const handle = within(canvasElement).getByRole('button', { name: 'Reorder image 1' });
    handle.focus();
    await expect(handle).toHaveFocus();
    // Each key once the previous one took effect, as announced to screen readers.
    await userEvent.keyboard('[Space]');
    // Picked up: the handle is pressed (its announcement gives way at once to the position's).
    await waitFor(() => expect(handle).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.keyboard('[ArrowRight]');
    await expect(await screen.findByText('Image 1 is over position 2 of 3.')).toBeInTheDocument();
    await userEvent.keyboard('[Space]');
    const reordered = [IMAGES[1], IMAGES[0], IMAGES[2]];
    await waitFor(() => expect(args.onChange).toHaveBeenCalledWith(reordered));
    await waitFor(() => expect(urls(canvasElement)).toEqual(reordered));
    await expect(within(items(canvasElement)[0]!).getByText('Primary')).toBeVisible();
    // Screen readers hear positions, not URLs.
    await expect(
      await screen.findByText('Image 1 was dropped at position 2 of 3.'),
    ).toBeInTheDocument();
    await expect(requests.to('DELETE', DELETE_FILES)).toHaveLength(0);
  },
};

/** Escape cancels a keyboard drag: nothing changes. */
export const KeyboardReorderCancelled: Story = {
  args: { value: IMAGES },
  play: async ({ canvasElement, args }) => {
    const handle = within(canvasElement).getByRole('button', { name: 'Reorder image 2' });
    handle.focus();
    await userEvent.keyboard('[Space]');
    await waitFor(() => expect(handle).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.keyboard('[ArrowLeft]');
    await expect(await screen.findByText('Image 2 is over position 1 of 3.')).toBeInTheDocument();
    await userEvent.keyboard('[Escape]');
    // The drag has ended (as announced) before the value is checked.
    await expect(
      await screen.findByText('Moving was cancelled. Image 2 stays where it was.'),
    ).toBeInTheDocument();
    await expect(args.onChange).not.toHaveBeenCalled();
    await expect(urls(canvasElement)).toEqual(IMAGES);
  },
};

/** The stored file is gone: the signed URL is tried, then the original, then a grey placeholder. */
export const BrokenImage: Story = {
  args: { value: [url('missing-photo.jpg')] },
  parameters: mockedBy(media.missing()),
  play: async ({ canvasElement }) => {
    const [call] = await requests.waitFor('GET', presigned('missing-photo.jpg'));
    await expect(call?.query).toEqual({ expiration: '3600' });
    const placeholder = await within(canvasElement).findByTestId(
      'media-placeholder',
      {},
      { timeout: 4000 },
    );
    await expect(placeholder).toHaveAccessibleName('Image 1 unavailable');
    await expect(within(canvasElement).queryByRole('img', { name: 'Image 1' })).toBeNull();
    // Still removable.
    await expect(
      within(canvasElement).getByRole('button', { name: 'Remove image 1' }),
    ).toBeEnabled();
  },
};

/** The signed URL does not load (an expired signature, say): the original URL is used. */
export const SignedUrlFallsBack: Story = {
  // A key no other story shows: the browser keeps the images a page loaded by URL.
  args: { value: [url('assiette-nabeul-28.jpg')] },
  parameters: mockedBy(
    // The file is stored (a signed URL is had), but the signed URL does not load.
    uploads.presigned((key) => key === 'assiette-nabeul-28.jpg'),
    http.get(`${API}/media/:key`, ({ request }) =>
      new URL(request.url).searchParams.has('signature')
        ? HttpResponse.json({ detail: 'Signature expired' }, { status: 403 })
        : undefined,
    ),
  ),
  play: async ({ canvasElement }) => {
    const img = await within(canvasElement).findByRole('img', { name: 'Image 1' });
    await waitFor(() => expect(img).toHaveAttribute('data-stage', 'original'), { timeout: 4000 });
    await expect(img).toHaveAttribute('src', url('assiette-nabeul-28.jpg'));
    await waitFor(() => expect((img as HTMLImageElement).naturalWidth).toBeGreaterThan(0));
  },
};

/** No signed URL to be had (unknown key): the original URL is shown directly. */
export const SignedUrlUnavailable: Story = {
  args: { value: [url('tshirt-sidi-bou-said.jpg')] },
  parameters: mockedBy(uploads.presigned.error(404, 'File not found')),
  play: async ({ canvasElement }) => {
    const img = await within(canvasElement).findByRole('img', { name: 'Image 1' });
    await expect(img).toHaveAttribute('src', url('tshirt-sidi-bou-said.jpg'));
  },
};

export const Mobile: Story = {
  args: { value: IMAGES },
  globals: { viewport: { value: 'mobile375' } },
  play: async ({ canvasElement }) => {
    const [first, second] = items(canvasElement);
    const a = first!.getBoundingClientRect();
    const b = second!.getBoundingClientRect();
    // Two columns side by side, square tiles, nothing wider than the screen.
    await expect(Math.round(a.top)).toBe(Math.round(b.top));
    await expect(Math.abs(a.width - a.height)).toBeLessThan(1);
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(375);
  },
};
