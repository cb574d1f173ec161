// Writes a data-export ZIP to disk as it is produced: each collector's JSON is added
// and written before the next collector runs, and uploaded files are opened only when
// their turn comes (yazl reads them lazily), so memory holds one area's JSON at most.
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import type { CollectedSection, CollectorContext, ExportCollector, ExportFile } from './export-collectors.js';

export interface ArchiveResult {
  size: number;
  /** records per section (a JSON file), and files included or missing */
  sections: Record<string, number>;
}

const countOf = (v: unknown) => (Array.isArray(v) ? v.length : v && Object.keys(v as object).length ? 1 : 0);

export async function writeExportArchive(target: string, mediaRoot: string, ctx: CollectorContext, collectors: { area: string; collect: ExportCollector }[]): Promise<ArchiveResult> {
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  const zip = new yazl.ZipFile();
  const written = pipeline(zip.outputStream, fs.createWriteStream(partial));
  const sections: Record<string, number> = {};
  const files: ExportFile[] = [];
  try {
    for (const { area, collect } of collectors) {
      const got: CollectedSection = await collect(ctx);
      for (const [name, data] of Object.entries(got.sections)) {
        sections[name] = countOf(data);
        zip.addBuffer(Buffer.from(JSON.stringify(data, null, 2)), `${area}/${name}.json`);
      }
      files.push(...(got.files ?? []));
    }
    const missing: string[] = [];
    for (const f of files) {
      const absolute = path.resolve(mediaRoot, f.mediaPath);
      // a stored path that leaves MEDIA_ROOT is not ours to read
      const inside = absolute.startsWith(path.resolve(mediaRoot) + path.sep);
      const stat = inside ? await fs.promises.stat(absolute).catch(() => null) : null;
      if (!stat?.isFile()) missing.push(f.name);
      else zip.addFile(absolute, f.name);
    }
    sections.files = files.length - missing.length;
    const manifest = { generated_at: new Date().toISOString(), user_id: ctx.subject.userId, sections, missing_files: missing, note: 'Rows shared with a team are marked scope "team"; other people appear only as null.' };
    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), 'manifest.json');
  } catch (err) {
    (zip.outputStream as unknown as NodeJS.ReadableStream & { destroy(e?: Error): void }).destroy(err as Error);
    await written.catch(() => undefined);
    await fs.promises.rm(partial, { force: true });
    throw err;
  }
  zip.end();
  await written;
  await fs.promises.rename(partial, target);
  return { size: (await fs.promises.stat(target)).size, sections };
}
