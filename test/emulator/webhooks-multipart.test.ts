import { describe, expect, it } from 'vitest';
import { fileIndex, MultipartError, parseMultipart } from '../../src/emulator/http/multipart.js';

async function encode(form: FormData): Promise<{ raw: Buffer; type: string }> {
  const r = new Request('http://x', { method: 'POST', body: form });
  return { raw: Buffer.from(await r.arrayBuffer()), type: r.headers.get('content-type')! };
}

describe('parseMultipart', () => {
  it('payload_json becomes the body, files[n] the files (binary-safe)', async () => {
    const form = new FormData();
    form.append('payload_json', JSON.stringify({ content: 'hi', embeds: [] }));
    form.append('files[0]', new Blob([Buffer.from('abc')], { type: 'text/plain' }), 'a.txt');
    form.append('files[1]', new Blob([Buffer.from([0, 255, 10, 13])]), 'b.bin');
    const { raw, type } = await encode(form);
    const out = await parseMultipart(raw, type);
    expect(out.body).toEqual({ content: 'hi', embeds: [] });
    expect(out.files.map((f) => [f.field, f.filename, f.contentType, [...f.data]])).toEqual([
      ['files[0]', 'a.txt', 'text/plain', [97, 98, 99]],
      ['files[1]', 'b.bin', 'application/octet-stream', [0, 255, 10, 13]],
    ]);
  });

  it('plain fields are body fields; JSON-looking values are decoded except free text', async () => {
    const form = new FormData();
    form.append('content', '123');
    form.append('tts', 'true');
    form.append('flags', '4');
    const { raw, type } = await encode(form);
    expect((await parseMultipart(raw, type)).body).toEqual({ content: '123', tts: true, flags: 4 });
  });

  it('no fields at all gives an undefined body', async () => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('x')]), 'x.txt');
    const { raw, type } = await encode(form);
    const out = await parseMultipart(raw, type);
    expect(out.body).toBeUndefined();
    expect(out.files).toHaveLength(1);
  });

  it('bad payload_json is 50109; an unparsable body is 50035', async () => {
    const form = new FormData();
    form.append('payload_json', '{');
    const { raw, type } = await encode(form);
    await expect(parseMultipart(raw, type)).rejects.toMatchObject({ status: 400, code: 50109 });
    await expect(parseMultipart(Buffer.from('garbage'), 'multipart/form-data; boundary=zzz')).rejects.toBeInstanceOf(
      MultipartError,
    );
  });

  it('fileIndex reads files[n]', () => {
    expect(fileIndex('files[3]')).toBe(3);
    expect(fileIndex('file')).toBeUndefined();
  });
});
