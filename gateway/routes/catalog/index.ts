// Products, families, images, barcode scans, product searches and OCR: the area's routes, one file per endpoint, and its OpenAPI tags.
import { defineArea } from '../area.js';
import productsList from './products/list.js';
import productsCreate from './products/create.js';
import productsRead from './products/read.js';
import productsReplace from './products/replace.js';
import productsUpdate from './products/update.js';
import productsDelete from './products/delete.js';
import productFamiliesList from './product-families/list.js';
import productFamiliesCreate from './product-families/create.js';
import productFamiliesRead from './product-families/read.js';
import productFamiliesReplace from './product-families/replace.js';
import productFamiliesUpdate from './product-families/update.js';
import productFamiliesDelete from './product-families/delete.js';
import productImagesList from './product-images/list.js';
import productImagesCreate from './product-images/create.js';
import productImagesRead from './product-images/read.js';
import productImagesReplace from './product-images/replace.js';
import productImagesUpdate from './product-images/update.js';
import productImagesDelete from './product-images/delete.js';
import barcodeScansList from './barcode-scans/list.js';
import barcodeScansRead from './barcode-scans/read.js';
import barcodeScansDelete from './barcode-scans/delete.js';
import barcodeScansPhoto from './barcode-scans/photo.js';
import scanBarcode from './barcode-scans/scan.js';
import productSearchesList from './product-searches/list.js';
import productSearchesRead from './product-searches/read.js';
import productSearchesDelete from './product-searches/delete.js';
import productSearchCreate from './product-searches/create.js';
import processImage from './process-image/process.js';

export default defineArea({
  name: 'catalog',
  tags: [
    { name: 'products', description: 'Products with nested tags and variants (sku unique per scope, GTIN barcodes with check digits) and variant images' },
    { name: 'product-families', description: 'Named groups of products, unique per scope (any case)' },
    { name: 'product-images', description: 'Variant images: multipart upload, type checked by magic bytes, absolute image_url' },
    { name: 'barcode-scans', description: "POST /api/scan-barcode/ (code or photo) and the caller's scan history" },
    { name: 'product-searches', description: "The caller's product-search history" },
    { name: 'ocr', description: 'OCR of an uploaded image as a sandboxed job (POST /api/process-image/)' },
  ],
  routes: [
    productsList,
    productsCreate,
    productsRead,
    productsReplace,
    productsUpdate,
    productsDelete,
    productFamiliesList,
    productFamiliesCreate,
    productFamiliesRead,
    productFamiliesReplace,
    productFamiliesUpdate,
    productFamiliesDelete,
    productImagesList,
    productImagesCreate,
    productImagesRead,
    productImagesReplace,
    productImagesUpdate,
    productImagesDelete,
    barcodeScansList,
    barcodeScansRead,
    barcodeScansDelete,
    barcodeScansPhoto,
    scanBarcode,
    productSearchesList,
    productSearchesRead,
    productSearchesDelete,
    productSearchCreate,
    processImage,
  ],
});
