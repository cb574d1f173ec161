// The invoice documents of the tests (every format the import reads) are the
// benchmarks' too: they live with the benchmarks, which may not import test code.
export * from '../../scripts/bench/invoice-documents.js';
