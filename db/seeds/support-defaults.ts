// Default support ticket types and help categories, in English (the fallback) plus
// German, French and Spanish. Inserted once by slug: after that staff own them
// through the API, so a release never overwrites their edits (ON CONFLICT DO NOTHING).
import type { Knex } from 'knex';

type Translations = Record<string, { name: string; description: string }>;

interface SeedRow {
  slug: string;
  name: string;
  description: string;
  translations: Translations;
}

const tr = (de: [string, string], fr: [string, string], es: [string, string]): Translations => ({
  de: { name: de[0], description: de[1] },
  fr: { name: fr[0], description: fr[1] },
  es: { name: es[0], description: es[1] },
});

/** `general` is the default of a new ticket, `other` the fallback of an unknown type: both are protected. */
export const DEFAULT_TICKET_TYPES: SeedRow[] = [
  { slug: 'general', name: 'General', description: 'General questions about the platform', translations: tr(['Allgemein', 'Allgemeine Fragen zur Plattform'], ['Général', 'Questions générales sur la plateforme'], ['General', 'Preguntas generales sobre la plataforma']) },
  { slug: 'account', name: 'Account', description: 'Login, registration, e-mail codes and profile', translations: tr(['Konto', 'Anmeldung, Registrierung, E-Mail-Codes und Profil'], ['Compte', 'Connexion, inscription, codes e-mail et profil'], ['Cuenta', 'Inicio de sesión, registro, códigos por correo y perfil']) },
  { slug: 'billing', name: 'Billing', description: 'Subscriptions, invoices and payments', translations: tr(['Abrechnung', 'Abonnements, Rechnungen und Zahlungen'], ['Facturation', 'Abonnements, factures et paiements'], ['Facturación', 'Suscripciones, facturas y pagos']) },
  { slug: 'technical', name: 'Technical support', description: 'Something does not work as expected', translations: tr(['Technischer Support', 'Etwas funktioniert nicht wie erwartet'], ['Support technique', 'Quelque chose ne fonctionne pas comme prévu'], ['Soporte técnico', 'Algo no funciona como se esperaba']) },
  { slug: 'bug_report', name: 'Bug report', description: 'A reproducible error in the app or the API', translations: tr(['Fehlerbericht', 'Ein reproduzierbarer Fehler in der App oder der API'], ['Signalement de bug', "Une erreur reproductible dans l'application ou l'API"], ['Informe de error', 'Un error reproducible en la aplicación o la API']) },
  { slug: 'feature_request', name: 'Feature request', description: 'An idea for something new', translations: tr(['Funktionswunsch', 'Eine Idee für etwas Neues'], ['Demande de fonctionnalité', 'Une idée de nouveauté'], ['Solicitud de función', 'Una idea para algo nuevo']) },
  { slug: 'inventory', name: 'Inventory', description: 'Inventories, storage, items, stock and alerts', translations: tr(['Inventar', 'Inventare, Lager, Artikel, Bestand und Warnungen'], ['Inventaire', 'Inventaires, rangements, articles, stock et alertes'], ['Inventario', 'Inventarios, almacenes, artículos, existencias y alertas']) },
  { slug: 'invoice_import', name: 'Invoice import', description: 'Reading invoices into stock', translations: tr(['Rechnungsimport', 'Rechnungen in den Bestand übernehmen'], ['Import de factures', 'Intégrer des factures au stock'], ['Importación de facturas', 'Incorporar facturas a las existencias']) },
  { slug: 'data_privacy', name: 'Data & privacy', description: 'Data export, deletion and privacy questions', translations: tr(['Daten & Datenschutz', 'Datenexport, Löschung und Datenschutzfragen'], ['Données et confidentialité', 'Export, suppression des données et confidentialité'], ['Datos y privacidad', 'Exportación, eliminación de datos y privacidad']) },
  { slug: 'other', name: 'Other', description: 'Anything else', translations: tr(['Sonstiges', 'Alles andere'], ['Autre', 'Tout le reste'], ['Otro', 'Cualquier otra cosa']) },
];

export const DEFAULT_HELP_CATEGORIES: SeedRow[] = [
  { slug: 'getting-started', name: 'Getting started', description: 'First steps: account, team and your first inventory', translations: tr(['Erste Schritte', 'Die ersten Schritte: Konto, Team und erstes Inventar'], ['Premiers pas', 'Premiers pas : compte, équipe et premier inventaire'], ['Primeros pasos', 'Primeros pasos: cuenta, equipo y primer inventario']) },
  { slug: 'account-security', name: 'Account & security', description: 'Login, passwords, e-mail codes and sessions', translations: tr(['Konto & Sicherheit', 'Anmeldung, Passwörter, E-Mail-Codes und Sitzungen'], ['Compte et sécurité', 'Connexion, mots de passe, codes e-mail et sessions'], ['Cuenta y seguridad', 'Inicio de sesión, contraseñas, códigos y sesiones']) },
  { slug: 'inventory-management', name: 'Inventory management', description: 'Inventories, storage, boxes, items and stock movements', translations: tr(['Bestandsverwaltung', 'Inventare, Lager, Boxen, Artikel und Bestandsbewegungen'], ['Gestion des stocks', 'Inventaires, rangements, boîtes, articles et mouvements'], ['Gestión de inventario', 'Inventarios, almacenes, cajas, artículos y movimientos']) },
  { slug: 'products-barcodes', name: 'Products & barcodes', description: 'Products, variants, images, barcode scanning and OCR', translations: tr(['Produkte & Barcodes', 'Produkte, Varianten, Bilder, Barcode-Scan und Texterkennung'], ['Produits et codes-barres', 'Produits, variantes, images, scan de codes-barres et OCR'], ['Productos y códigos de barras', 'Productos, variantes, imágenes, escaneo y OCR']) },
  { slug: 'invoice-import', name: 'Invoice import', description: 'Turning supplier invoices into stock', translations: tr(['Rechnungsimport', 'Lieferantenrechnungen in Bestand verwandeln'], ['Import de factures', 'Transformer les factures fournisseurs en stock'], ['Importación de facturas', 'Convertir facturas de proveedores en existencias']) },
  { slug: 'teams-collaboration', name: 'Teams & collaboration', description: 'Sharing inventories with a team', translations: tr(['Teams & Zusammenarbeit', 'Inventare mit einem Team teilen'], ['Équipes et collaboration', 'Partager des inventaires avec une équipe'], ['Equipos y colaboración', 'Compartir inventarios con un equipo']) },
  { slug: 'billing-subscriptions', name: 'Billing & subscriptions', description: 'Plans, payments and invoices from us', translations: tr(['Abrechnung & Abos', 'Tarife, Zahlungen und unsere Rechnungen'], ['Facturation et abonnements', 'Offres, paiements et nos factures'], ['Facturación y suscripciones', 'Planes, pagos y nuestras facturas']) },
  { slug: 'identity-verification', name: 'Identity verification', description: 'Verifying your identity and what it unlocks', translations: tr(['Identitätsprüfung', 'Ihre Identität bestätigen und was sie freischaltet'], ["Vérification d'identité", 'Vérifier votre identité et ce que cela débloque'], ['Verificación de identidad', 'Verificar su identidad y lo que desbloquea']) },
  { slug: 'troubleshooting', name: 'Troubleshooting', description: 'Common problems and how to solve them', translations: tr(['Fehlerbehebung', 'Häufige Probleme und ihre Lösung'], ['Dépannage', 'Problèmes courants et solutions'], ['Solución de problemas', 'Problemas comunes y cómo resolverlos']) },
];

export async function seedSupportDefaults(knex: Knex): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx('support_ticket_types')
      .insert(DEFAULT_TICKET_TYPES.map((r, i) => ({ slug: r.slug, name: r.name, description: r.description, translations: JSON.stringify(r.translations), sort_order: r.slug === 'other' ? 1000 : (i + 1) * 10 })))
      .onConflict('slug')
      .ignore();
    await trx('help_categories')
      .insert(DEFAULT_HELP_CATEGORIES.map((r, i) => ({ slug: r.slug, name: r.name, description: r.description, icon: `icons/help/${r.slug}.svg`, translations: JSON.stringify(r.translations), sort_order: (i + 1) * 10 })))
      .onConflict('slug')
      .ignore();
  });
}
