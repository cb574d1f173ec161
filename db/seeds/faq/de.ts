// Size: seed data (the FAQ articles of one language), not logic.
// FAQ-Artikel auf Deutsch (dieselben Slugs wie die englischen).
import type { SeedArticle } from './types.js';

export const DE: SeedArticle[] = [
  {
    slug: 'create-account',
    category: 'getting-started',
    title: 'Konto anlegen und E-Mail-Adresse bestätigen',
    body: `Sie registrieren sich mit E-Mail-Adresse und Passwort und bestätigen die Adresse dann mit einem 6-stelligen Code, den wir Ihnen per E-Mail schicken. Anmelden können Sie sich erst nach der Bestätigung.

1. Senden Sie POST /api/auth/register/ mit email, password, first_name und last_name (oder nutzen Sie das Registrierungsformular Ihrer App).
2. Öffnen Sie unsere E-Mail und kopieren Sie den 6-stelligen Bestätigungscode. Er ist 10 Minuten gültig.
3. Senden Sie POST /api/auth/verify-email/ mit Ihrer email und dem Code als otp_code.
4. Melden Sie sich mit POST /api/auth/login/ mit E-Mail und Passwort an.

Ob eine Adresse noch frei ist, prüfen Sie vorher mit GET /api/auth/check-email/?email=... . Eine Anmeldung vor der Bestätigung wird mit 403 email_not_verified abgelehnt.`,
  },
  {
    slug: 'verification-code-not-received',
    category: 'account-security',
    title: 'Ich habe keinen E-Mail-Code erhalten oder der Code funktioniert nicht',
    body: `Bestätigungs- und Passwort-Codes sind 6-stellig, kommen per E-Mail und gelten 10 Minuten.

1. Sehen Sie im Spam-Ordner nach und prüfen Sie, ob Sie die registrierte Adresse verwenden.
2. Fordern Sie einen neuen Code an: POST /api/auth/resend-verification/ für die E-Mail-Bestätigung oder POST /api/auth/resend-password-reset/ für das Zurücksetzen des Passworts. Ältere, noch gültige Codes bleiben gültig.
3. Geben Sie den neuesten Code innerhalb von 10 Minuten ein.

Ein falscher, abgelaufener oder schon benutzter Code wird mit 400 invalid_otp beantwortet: Prüfen Sie die Ziffern oder fordern Sie einen neuen Code an, wenn er älter als 10 Minuten ist. Falsche Eingaben sperren Ihren Code nie, aber zu viele Versuche aus einem Netz werden gebremst (429 mit einem Retry-After-Header, der die Wartezeit nennt). Pro E-Mail-Adresse und Zweck werden höchstens 6 Codes pro Stunde verschickt.`,
  },
  {
    slug: 'log-in-and-stay-signed-in',
    category: 'account-security',
    title: 'Anmelden, angemeldet bleiben und abmelden',
    body: `Bei der Anmeldung erhalten Sie zwei Tokens: ein kurzlebiges Access-Token und ein Refresh-Token.

1. Melden Sie sich mit POST /api/auth/login/ mit E-Mail und Passwort an. Die Antwort enthält access, refresh und expires_in.
2. Senden Sie das Access-Token bei jeder Anfrage im Header Authorization: Bearer <Access-Token>. Es gilt standardmäßig 30 Minuten.
3. Tauschen Sie vor Ablauf das Refresh-Token bei POST /api/token/refresh/ mit {"refresh": "..."} ein. Sie erhalten ein neues Access- und ein neues Refresh-Token; das alte Refresh-Token ist verbraucht. Ein Refresh-Token gilt standardmäßig 14 Tage.
4. Zum Abmelden rufen Sie POST /api/auth/logout/ auf. Mit {"all": true} werden alle Geräte abgemeldet.

Wiederholte Fehlanmeldungen werden mit wachsenden Wartezeiten gebremst (429 too_many_attempts mit Retry-After-Header); ein Konto wird nie gesperrt, und Ihr gewohntes Netz wird durch fremde Rateversuche nicht gebremst. Wird ein verbrauchtes Refresh-Token erneut gesendet, wird die ganze Anmeldung aus Sicherheitsgründen widerrufen (token_reused): Melden Sie sich neu an. Eine Anmeldung vor der E-Mail-Bestätigung ergibt 403 email_not_verified.`,
  },
  {
    slug: 'reset-forgotten-password',
    category: 'account-security',
    title: 'Vergessenes Passwort zurücksetzen',
    body: `Ein vergessenes Passwort setzen Sie mit einem Code zurück, den wir an Ihre E-Mail-Adresse senden.

1. Senden Sie POST /api/auth/forgot-password/ mit Ihrer email. Die Antwort ist gleich, ob es ein Konto gibt oder nicht.
2. Kopieren Sie den 6-stelligen Code aus der E-Mail (10 Minuten gültig). Einen neuen gibt es mit POST /api/auth/resend-password-reset/.
3. Senden Sie POST /api/auth/reset-password/ mit email, otp_code und new_password.
4. Melden Sie sich mit dem neuen Passwort an.

Das Zurücksetzen meldet alle bestehenden Anmeldungen des Kontos auf allen Geräten ab und widerruft alle persönlichen API-Tokens.`,
  },
  {
    slug: 'change-password',
    category: 'account-security',
    title: 'Passwort ändern',
    body: `Wenn Sie Ihr aktuelles Passwort kennen, ändern Sie es im angemeldeten Zustand.

1. Senden Sie POST /api/auth/change-password/ mit current_password und new_password und dem Access-Token einer Anmeldung (nicht mit einem persönlichen API-Token: das ergibt 403 session_required).
2. Ihre aktuelle Anmeldung bleibt bestehen.

Alle anderen Anmeldungen des Kontos (andere Geräte und Browser) werden sofort widerrufen, ihre offenen WebSocket-Verbindungen geschlossen. Persönliche API-Tokens bleiben gültig: Widerrufen Sie sie einzeln unter /api/auth/api-tokens/. Nach 5 falschen aktuellen Passwörtern in 15 Minuten antwortet change-password eine Weile mit 429.`,
  },
  {
    slug: 'create-team-and-invite-members',
    category: 'teams-collaboration',
    title: 'Team anlegen und Mitglieder einladen',
    body: `Ein Team teilt Inventare, Artikel, Produkte und Buchungen unter seinen Mitgliedern. Jeder Benutzer gehört höchstens zu einem Team, und der Beitritt braucht die Zustimmung des Eingeladenen.

1. Legen Sie Ihr Team mit POST /api/teams/ und einem Namen an. Sie werden Eigentümer.
2. Laden Sie Kollegen mit POST /api/teams/{id}/add-member/ und deren email (oder user_id) ein. Das erzeugt eine 7 Tage gültige Einladung (Antwort 202); niemand wird sofort hinzugefügt.
3. Der Kollege sieht die Einladung unter GET /api/teams/invitations/ und nimmt sie mit POST /api/teams/invitations/{id}/accept/ an (oder lehnt mit .../decline/ ab).
4. Als Mitglied arbeitet er im Team, indem er die Team-Header sendet (siehe „Im persönlichen oder im Team-Bereich arbeiten“).

Als Eigentümer sehen Sie offene Einladungen unter GET /api/teams/{id}/invitations/, ziehen eine mit DELETE /api/teams/{id}/invitations/{invitation_id}/ zurück und entfernen Mitglieder mit POST /api/teams/{id}/remove-member/. Mitglieder verlassen das Team mit POST /api/teams/{id}/leave/. Nur der Eigentümer lädt ein (403 not_team_owner); wer schon in einem Team ist, kann nicht annehmen (409 already_in_team). Was im Team passiert, zeigt GET /api/teams/recent-activity/.`,
  },
  {
    slug: 'personal-and-team-scope',
    category: 'teams-collaboration',
    title: 'Im persönlichen oder im Team-Bereich arbeiten',
    body: `Alles, was Sie speichern, gehört entweder Ihnen (persönlicher Bereich) oder Ihrem Team (Team-Bereich). Jede Anfrage sagt, in welchem Bereich sie arbeitet.

1. Der persönliche Bereich ist der Standard; Sie können auch den Header X-Profile-Type: self senden.
2. Für den Team-Bereich senden Sie X-Profile-Type: team zusammen mit X-Team-Id: <Ihre Team-ID>.
3. Listen zeigen nur die Einträge des gewählten Bereichs. Eine ID aus dem anderen Bereich ergibt 404, als gäbe es sie nicht.

Ein Team, zu dem Sie nicht gehören, ergibt 403. GET /api/auth/me/ zeigt, welchen Bereich Ihre Header wählen.`,
  },
  {
    slug: 'set-up-first-inventory',
    category: 'getting-started',
    title: 'Das erste Inventar mit Lagern und Lagerboxen einrichten',
    body: `Bestand ist in drei Ebenen organisiert: ein Inventar (zum Beispiel „Werkstatt“), seine Lager (Räume oder Regale) und die Lagerboxen darin. Artikel liegen immer in einer Lagerbox.

1. Legen Sie ein Inventar an: POST /api/inventories/ mit einem Namen (optional Inventartyp und Symbol).
2. Legen Sie darin ein Lager an: POST /api/storages/ mit inventory_id und Namen.
3. Legen Sie Lagerboxen an: POST /api/storage-boxes/ mit storage_id und einem Namen für jede Box, jedes Fach oder jeden Behälter (ein code für das gedruckte Etikett ist optional).
4. Fügen Sie Artikel hinzu: siehe „Artikel anlegen und Wareneingang buchen“.

Listen lassen sich filtern und durchsuchen, zum Beispiel GET /api/storage-boxes/?inventory_id=... . Ein Inventar, Lager oder eine Box mit Bestand kann nicht gelöscht werden (409 not_empty): Bestand vorher umlagern oder verbrauchen.`,
  },
  {
    slug: 'add-items-and-receive-stock',
    category: 'inventory-management',
    title: 'Artikel anlegen und Wareneingang buchen',
    body: `Ein Inventarartikel ist ein Produkt in einer Lagerbox mit einer Menge. Sie legen ihn einmal an; danach ändert sich die Menge nur durch Buchungen.

1. Legen Sie den Artikel mit POST /api/inventory-items/ an: Produkt, Lagerbox und nach Wunsch Anfangsmenge, Einheit, Mindestmenge (min_quantity) und Ablaufdatum. Eine Anfangsmenge wird als Wareneingang gebucht.
2. Weiteren Bestand buchen Sie als Wareneingang: POST /api/inventory-transactions/ mit {"kind": "receive", "item_id": ..., "quantity": ...}.
3. Viele Produkte auf einmal (eine Lieferung) buchen Sie mit "lines": jede Zeile hat storage_box_id, product_id und quantity, und fehlende Artikel werden angelegt (bis zu 1.000 Zeilen).

Mengen sind ganze Zahlen. Das Feld quantity eines Artikels kann nicht direkt bearbeitet werden (400): Verwenden Sie eine Buchung, damit jede Änderung im Journal steht.`,
  },
  {
    slug: 'stock-transactions',
    category: 'inventory-management',
    title: 'Bestandsbewegungen buchen: Eingang, Verbrauch, Korrektur und Umlagerung',
    body: `Jede Bestandsänderung ist eine Buchung in einem unveränderlichen Journal. Senden Sie POST /api/inventory-transactions/ mit einer Art (kind):

1. receive: Wareneingang. {"kind": "receive", "item_id": 12, "quantity": 5} oder "lines" für mehrere Artikel.
2. consume: Verbrauch oder Verkauf. {"kind": "consume", "item_id": 12, "quantity": 2}.
3. adjust: Korrektur nach einer Zählung. Senden Sie "delta" (zum Beispiel -3) oder "counted_quantity" (die gezählte Menge); das Journal bucht die Differenz.
4. move: Umlagerung in eine andere Box mit "to_storage_box_id" (dort wird der Artikel bei Bedarf angelegt) oder auf einen anderen Artikel mit "to_item_id".

Mit "reference" (Lieferschein- oder Bestellnummer) und "note" können Sie Angaben ergänzen. Buchungen lassen sich nicht ändern oder löschen (405 ledger_append_only): Buchen Sie eine Korrektur. Für sichere Wiederholungen senden Sie einen Idempotency-Key-Header: Dieselbe Anfrage liefert dann die ursprüngliche Buchung statt einer zweiten.`,
  },
  {
    slug: 'insufficient-stock-error',
    category: 'troubleshooting',
    title: 'Warum erhalte ich „insufficient_stock“ beim Verbrauchen oder Umlagern?',
    body: `Eine Buchung bringt eine Menge nie unter null. Wenn Sie mehr verbrauchen oder umlagern, als der Artikel hat, wird die Anfrage mit 409 insufficient_stock abgelehnt und nichts gebucht.

1. Lesen Sie die Details des Fehlers: item_id, available, requested und shortfall zeigen, wie viel fehlt.
2. Ist der echte Bestand höher als angezeigt, zählen Sie nach und buchen Sie zuerst eine Korrektur mit counted_quantity.
3. Wiederholen Sie dann den Verbrauch oder die Umlagerung mit einer verfügbaren Menge.

Weitere häufige Ablehnungen: Mengen müssen ganze Zahlen ab 1 sein; ein Artikel mit Seriennummer hat höchstens 1 Stück (409 serial_quantity); eine Artikel-ID aus einem anderen Bereich ergibt 404.`,
  },
  {
    slug: 'low-stock-and-expiry-alerts',
    category: 'inventory-management',
    title: 'Warnungen bei niedrigem Bestand und Ablaufdatum',
    body: `Die Plattform warnt Sie, wenn ein Artikel knapp wird oder bald abläuft.

1. Setzen Sie eine Mindestmenge (min_quantity). Fällt die Menge auf oder unter das Minimum, entsteht eine low_stock-Warnung.
2. Setzen Sie ein expiry_date. 30 Tage vor dem Datum (bei vorhandenem Bestand) entsteht eine expiring_soon-Warnung; nach dem Datum wird sie zu expired.
3. Die Warnungen zeigt GET /api/inventory-alerts/. Neue Warnungen gehen außerdem per WebSocket /ws/notifications/ an alle Benutzer des Bereichs und werden als Benachrichtigungen gespeichert.
4. Bestätigen Sie eine Warnung mit POST /api/inventory-alerts/{id}/acknowledge/, um festzuhalten, dass Sie sie gesehen haben.

Das Bestätigen schließt eine Warnung nicht: Eine low_stock-Warnung endet, wenn der Artikel über das Minimum aufgefüllt wird. Warnungen werden nach jeder Buchung und stündlich geprüft.`,
  },
  {
    slug: 'scan-a-barcode',
    category: 'products-barcodes',
    title: 'Einen Barcode scannen',
    body: `Ein Barcode-Scan zeigt, welche Ihrer Produkte ihn tragen und wo sie auf Lager sind.

1. Tippen oder scannen Sie die Ziffern und senden Sie POST /api/scan-barcode/ mit {"code": "4006381333931"}.
2. Oder senden Sie ein Foto des Barcodes als Multipart-image an dieselbe Adresse. Das Foto wird im Hintergrund gelesen; die Anfrage wartet auf das Ergebnis oder antwortet mit 202 und einer Job-ID für GET /api/jobs/{id}/.
3. Die Antwort enthält found true oder false, die passenden Produktvarianten und die Boxen mit Bestand.

Unbekannte Codes sind kein Fehler: Die Antwort ist found false mit einer Meldung. Jeder Scan steht in Ihrem Verlauf unter GET /api/barcode-scans/. Unterstützt werden GTINs: EAN-8, UPC-A, EAN-13 und GTIN-14.`,
  },
  {
    slug: 'barcode-check-digit',
    category: 'products-barcodes',
    title: 'Ein Barcode wird mit „invalid_check_digit“ abgelehnt',
    body: `Barcodes sind GTINs (EAN-8, UPC-A, EAN-13 oder GTIN-14), deren letzte Ziffer eine Prüfziffer ist. Eine vertippte Ziffer lässt die Prüfung scheitern.

1. Vergleichen Sie die Ziffern mit der gedruckten Nummer unter den Strichen.
2. Die Fehlermeldung nennt die Prüfziffer, die die übrigen Ziffern ergeben – das hilft, einen Tippfehler zu finden.
3. Scannen Sie erneut oder korrigieren Sie die Nummer.

Ein Produkt wird unter verschiedenen Schreibweisen desselben Codes gefunden: UPC-A 036000291452 ist dasselbe wie EAN-13 0036000291452.`,
  },
  {
    slug: 'products-and-variants',
    category: 'products-barcodes',
    title: 'Produkte, Varianten, SKUs und Bilder',
    body: `Ein Produkt (zum Beispiel „Akku-Bohrschrauber“) hat eine oder mehrere Varianten (Größen, Farben), jede mit eigener SKU, eigenem Barcode und eigenen Bildern.

1. Legen Sie ein Produkt mit POST /api/products/ an: product_name mit Varianten und Tags in derselben Anfrage.
2. Ändern Sie einzelne Felder mit PATCH oder ersetzen Sie das ganze Produkt mit PUT. Varianten behalten Bestand und Bilder, wenn Sie sie per id oder unveränderter SKU nennen.
3. Bilder laden Sie mit POST /api/product-images/ hoch (Multipart image plus variant_id): PNG, JPEG und WebP bis 5 MiB.
4. Gruppieren Sie Produkte in Produktfamilien über /api/product-families/.

Eine SKU muss in Ihrem Bereich eindeutig sein (409 sku_conflict). Barcodes werden auf eine gültige Prüfziffer geprüft.`,
  },
  {
    slug: 'read-text-from-an-image',
    category: 'products-barcodes',
    title: 'Text aus einem Foto lesen (Texterkennung)',
    body: `Die Plattform liest gedruckten Text aus einem Bild, zum Beispiel von einem Etikett oder Beleg.

1. Senden Sie das Bild als Multipart-image an POST /api/process-image/.
2. Die Antwort enthält den erkannten Text, die Zeilen mit Position und Sicherheit sowie eine Gesamtsicherheit von 0 bis 100.
3. Dauert das Lesen länger, erhalten Sie 202 mit einer Job-ID: Fragen Sie GET /api/jobs/{id}/ ab oder hören Sie auf /ws/notifications/.

Die Texterkennung liest englischen Text am besten. Scharfe, gut beleuchtete, gerade aufgenommene Fotos liefern die besten Ergebnisse.`,
  },
  {
    slug: 'import-supplier-invoice',
    category: 'invoice-import',
    title: 'Wie importiere ich eine Lieferantenrechnung?',
    body: `Der Rechnungsimport macht aus einer Lieferantenrechnung in drei Schritten Bestand: Hochladen für eine Vorschau, Zeilen prüfen, dann alles auf einmal buchen.

1. Rechnung hochladen: POST /api/invoice-import/preview/ als Multipart mit der Datei als "document", der inventory_id und storage_box_id für die Ware und einem product_family_name für neue Produkte. Gelesen werden PDF (auch gescannt), Fotos (PNG, JPEG, WebP, TIFF), UBL- und CII-XML-E-Rechnungen, Factur-X/ZUGFeRD und CSV.
2. Vorschau prüfen: Sie zeigt Lieferant, Rechnungsnummer, Datum, Währung und Summe und jede Zeile, zugeordnet zu Ihren Produkten über Barcode, SKU oder Namen. Zeilen sind "ready" oder "needs_review" mit Gründen wie quantity_missing oder weak_name_match. Korrigieren Sie, was nötig ist.
3. Buchen: POST /api/invoice-import/bulk-store/ mit session_id und den Zeilen. Alles wird in einem Schritt gespeichert: Fehlende Produkte werden angelegt und die Mengen in die Box gebucht.

Die Vorschau wird als Sitzung gespeichert, Sie können also später weitermachen: GET /api/invoice-import/sessions/latest/ oder GET /api/invoice-import/sessions/{id}/. Eine Sitzung kann nur einmal gebucht werden (409 session_already_applied).`,
  },
  {
    slug: 'invoice-import-problems',
    category: 'invoice-import',
    title: 'Eine Rechnung kann nicht gelesen werden oder das Buchen wird abgelehnt',
    body: `Die meisten Probleme beim Rechnungsimport liegen an der Datei oder an Zeilen, die korrigiert werden müssen.

1. "unsupported_document_type" oder "empty_file": Senden Sie ein PDF, ein Bild, eine XML-E-Rechnung oder eine CSV-Datei; der Typ wird aus dem Inhalt gelesen, nicht aus dem Namen.
2. "document_too_large": Die Datei ist größer als erlaubt (standardmäßig 20 MiB).
3. "document_encrypted", "document_corrupt" oder "document_empty": Entfernen Sie das Passwort, exportieren Sie das PDF neu oder senden Sie einen besseren Scan.
4. "bulk_store_aborted": Mindestens eine Zeile ist ungültig, und nichts wurde gebucht. Die Fehlerliste nennt line_number, field und message (zum Beispiel eine selected_quantity, die keine ganze Zahl ist). Korrigieren Sie diese Zeilen und senden Sie das Buchen erneut.

Gescannte Seiten und Fotos werden per Texterkennung gelesen, etwa eine halbe Sekunde pro Seite. Pro Benutzer werden höchstens 120 Vorschauen pro Minute angenommen.`,
  },
  {
    slug: 'verify-your-identity',
    category: 'identity-verification',
    title: 'Die eigene Identität bestätigen',
    body: `Manche Funktionen brauchen eine bestätigte Identität. Die Prüfung erfolgt durch unseren Verifizierungsdienst mit einem Ausweisdokument.

1. Beginnen Sie mit POST /api/v1/kyc/access-token/. Sie erhalten ein kurzlebiges Token (600 Sekunden gültig) für das Verifizierungs-SDK und den zuständigen Anbieter.
2. Folgen Sie den Schritten: Ausweisdokument (Reisepass, Personalausweis, Führerschein oder Aufenthaltstitel) und persönliche Daten hochladen, dann absenden.
3. Das Ergebnis zeigt GET /api/v1/kyc/status/. Sie werden auch benachrichtigt, wenn es sich ändert.

Status: not_started, pending, in_review, approved, retry (etwas muss korrigiert werden, siehe moderation_comment), rejected (endgültig) und on_hold. Eine Funktion, die eine Prüfung verlangt, antwortet mit 403 kyc_required, bis Sie bestätigt sind.`,
  },
  {
    slug: 'verification-retry-or-rejected',
    category: 'identity-verification',
    title: 'Meine Identitätsprüfung braucht einen neuen Versuch oder wurde abgelehnt',
    body: `Findet die Prüfung ein Problem, wird Ihr Status retry oder rejected.

1. Lesen Sie moderation_comment und reject_labels in GET /api/v1/kyc/status/: Sie nennen den Grund, zum Beispiel ein abgelaufenes Dokument oder ein unlesbares Foto.
2. Bei retry beginnen Sie mit POST /api/v1/kyc/reset/ neu und reichen korrigierte Dokumente ein, oder Sie machen mit einem neuen Access-Token weiter.
3. rejected ist endgültig (409 verification_final beim Zurücksetzen): Wenden Sie sich mit einem Ticket an den Support, wenn Sie einen Irrtum vermuten.

Anfragen sind begrenzt: 15 Access-Tokens und 6 Aktualisierungen oder Zurücksetzungen pro Minute (429 mit Retry-After).`,
  },
  {
    slug: 'api-access-tokens',
    category: 'getting-started',
    title: 'Die API nutzen: Access-Tokens, API-Tokens und WebSocket',
    body: `Die API verwendet undurchsichtige Bearer-Tokens: das Access-Token einer Anmeldung oder ein persönliches API-Token für Skripte und Integrationen.

1. POST /api/auth/login/ liefert ein Access-Token (standardmäßig 30 Minuten gültig) und ein Refresh-Token (standardmäßig 14 Tage); erneuern Sie mit POST /api/token/refresh/ und {"refresh": "..."}.
2. Für ein Skript legen Sie angemeldet ein persönliches API-Token an: POST /api/auth/api-tokens/ mit einem Namen und nach Wunsch expires_in_days (1 bis 365). Das Token (beginnt mit ipt_) wird nur einmal angezeigt: Bewahren Sie es sicher auf. GET /api/auth/api-tokens/ listet Ihre Tokens, DELETE /api/auth/api-tokens/{id}/ widerruft eines.
3. Senden Sie Authorization: Bearer <Token> bei jeder Anfrage. Ein API-Token wirkt wie eine Anmeldung Ihres Benutzers, kann aber keine Zugangsdaten verwalten (403 session_required).
4. Für Echtzeit-Nachrichten verbinden Sie sich mit dem WebSocket /ws/notifications/?token=<Token>. Ein fehlendes, ungültiges, abgelaufenes oder widerrufenes Token schließt ihn mit Code 4401.

Die interaktive Dokumentation liegt unter /api/docs/ (OpenAPI unter /api/openapi.json). Fehler haben immer die Form {"error": {"code", "message", "details"}}; 401 heißt, das Token fehlt oder ist ungültig, 429, dass ein Limit erreicht ist (Retry-After abwarten). Ein Zurücksetzen des Passworts widerruft alle API-Tokens.`,
  },
  {
    slug: 'contact-support-with-a-ticket',
    category: 'troubleshooting',
    title: 'Den Support kontaktieren: ein Ticket anlegen',
    body: `Wenn die Hilfeartikel Ihre Frage nicht beantworten, legen Sie ein Support-Ticket an; unser Team antwortet Ihnen.

1. Legen Sie es mit POST /api/support-tickets/ an: subject und description sind Pflicht; wählen Sie einen ticket_type (Standard general) und eine priority (low, medium, high oder urgent; Standard medium). Hilfekategorien verknüpfen Sie mit help_category_ids.
2. Um Screenshots oder Dokumente (Bilder, PDF oder Textdateien) anzuhängen, senden Sie das Ticket als Multipart.
3. Ihre Tickets sehen Sie mit GET /api/support-tickets/; Informationen ergänzen Sie mit POST /api/support-tickets/{id}/add_reply/.

Jedes Ticket erhält eine Nummer wie TKT-7KQ2M9XA. Der Status geht von open zu in_progress, während wir daran arbeiten, und zu resolved mit einem Lösungstext. Sie sehen nur Ihre eigenen Tickets. Die Ticketarten listet GET /api/support-ticket-types/.`,
  },
  {
    slug: 'ai-support-chat',
    category: 'troubleshooting',
    title: 'So funktioniert der KI-Support-Chat',
    body: `Der Support-Chat beantwortet Fragen aus diesen Hilfeartikeln und nennt die verwendeten Artikel.

1. Starten Sie eine Sitzung: POST /api/v1/support/chat/sessions/ mit Ihrer Sprache, oder senden Sie support.chat.sessions.create über den WebSocket /ws/support/ai-chat/?token=<Access-Token>.
2. Stellen Sie Ihre Frage: POST /api/v1/support/chat/sessions/{session_id}/messages/ mit {"message": "..."} oder support.chat.message.send. Antworten kommen innerhalb von 45 Sekunden.
3. Kann der Assistent nicht helfen, bietet er ein Support-Ticket mit einem vorbereiteten Entwurf an. Angelegt wird nichts ohne Ihre Zustimmung: POST .../ticket/ mit {"consent": true}.

Ihre Unterhaltungen werden verschlüsselt gespeichert und sind nur für Sie lesbar (GET /api/v1/support/chat/sessions/). Der Assistent sieht weder Ihre Kontodaten noch die anderer und kann selbst kein Ticket anlegen.`,
  },
  {
    slug: 'real-time-notifications',
    category: 'getting-started',
    title: 'Echtzeit-Benachrichtigungen und Hintergrundaufträge',
    body: `Manche Arbeiten laufen im Hintergrund: Barcode-Fotos, Texterkennung, Rechnungsvorschauen und das Buchen. Das Ergebnis erhalten Sie auf drei Wegen.

1. Warten: Die Anfrage wartet bis zu 25 Sekunden und antwortet mit dem Ergebnis.
2. Abfragen: Dauert es länger, kommt 202 mit job_id und poll_url; lesen Sie GET /api/jobs/{id}/, bis der Status completed oder failed ist.
3. Zuhören: Verbinden Sie sich mit /ws/notifications/?token=<Access-Token>; der Server sendet connection.ready, danach job.completed, job.failed, Bestandswarnungen und andere Benachrichtigungen.

Nach einem Neuverbinden senden Sie {"type": "jobs.get", "data": {"job_id": "..."}}, um einen Auftrag nachzuholen. Gespeicherte Benachrichtigungen listet GET /api/notifications/.`,
  },
];
