// A file as the edge hands it to the domain: a plain value, whatever the transport.
// The media type is the one sniffed from the bytes (null when nothing recognisable),
// never the client's name or Content-Type.
export interface Upload {
  filename?: string;
  mediaType: string | null;
  size: number;
  bytes: Buffer;
}

/** A body field the edge read as a file (JSON cannot carry a Buffer, so text never passes). */
export const isUpload = (value: unknown): value is Upload =>
  typeof value === 'object' && value !== null && Buffer.isBuffer((value as Upload).bytes);
