// Sandboxed processor of the `media` queue: OCR and barcode decoding of photos,
// CPU-bound for seconds (workers/sandboxed-processor.ts).
import { sandboxedProcessor } from '../sandboxed-processor.js';

export default sandboxedProcessor('media');
