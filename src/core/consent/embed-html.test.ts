import { describe, expect, it } from 'vitest';
import { blockFrames } from './embed-html';
import { GENERIC_VIDEO_POSTER, videoPoster, youtubeIdOfEmbed, youtubeIdsInHtml } from './video-posters';

const texts = { label: 'YouTube video', notice: 'Blocked <b>', allow: 'Allow' };
const posters = { abcdefghijk: { fileId: '00000000-0000-4000-8000-000000000001', width: 1200, height: 675, title: 'A "cable"' } };
const posterOf = (id: string | null) => videoPoster(id, posters, (title) => `Still: ${title}`);

describe('video frames in rich text', () => {
  const html =
    '<p>Intro</p><div data-youtube-video><iframe src="https://www.youtube-nocookie.com/embed/abcdefghijk"></iframe></div><p>End</p><iframe src="https://www.youtube.com/embed/bbbbbbbbbbb?start=10"></iframe>';

  it('finds the YouTube ids of the frames', () => {
    expect(youtubeIdsInHtml(html)).toEqual(['abcdefghijk', 'bbbbbbbbbbb']);
    expect(youtubeIdsInHtml('<iframe src="https://player.vimeo.com/video/76979871"></iframe>')).toEqual([]);
    expect(youtubeIdOfEmbed('https://evil.example/embed/abcdefghijk')).toBeNull();
    expect(youtubeIdOfEmbed('https://www.youtube.com/embed/short')).toBeNull();
    expect(youtubeIdOfEmbed(null)).toBeNull();
  });

  it('replaces every frame (and the editor wrapper) with the notice over a poster, never an empty box', () => {
    const out = blockFrames(html, texts, posterOf);
    expect(out).not.toContain('<iframe');
    expect(out).not.toContain('data-youtube-video');
    expect(out).not.toContain('border-dashed');
    expect(out.match(/data-consent-blocked="video"/g)).toHaveLength(2);
    expect(out.match(/data-consent-poster="video"/g)).toHaveLength(2);
    expect(out).toContain('Blocked &lt;b&gt;');
    // The stored still of a known video, named by its title; the generic still otherwise.
    expect(out).toContain('src="/img/00000000-0000-4000-8000-000000000001/640.webp"');
    expect(out).toContain('alt="Still: A &quot;cable&quot;"');
    expect(out).toContain(`src="${GENERIC_VIDEO_POSTER}"`);
    expect(out).toContain('alt=""');
    expect(out.startsWith('<p>Intro</p>')).toBe(true);
    expect(out.endsWith('</div>')).toBe(true);
  });
});
