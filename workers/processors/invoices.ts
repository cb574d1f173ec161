// Sandboxed processor of the `invoices` queue: PDF parsing and OCR of scanned
// invoices, CPU-bound for seconds (workers/sandboxed-processor.ts).
import { sandboxedProcessor } from '../sandboxed-processor.js';

export default sandboxedProcessor('invoices');
