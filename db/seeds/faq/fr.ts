// Size: seed data (the FAQ articles of one language), not logic.
// Articles de FAQ en français (mêmes slugs que les articles anglais).
import type { SeedArticle } from './types.js';

export const FR: SeedArticle[] = [
  {
    slug: 'create-account',
    category: 'getting-started',
    title: 'Créer un compte et vérifier votre adresse e-mail',
    body: `Vous vous inscrivez avec votre adresse e-mail et un mot de passe, puis vous confirmez l'adresse avec un code à 6 chiffres envoyé par e-mail. La connexion n'est possible qu'après cette vérification.

1. Envoyez POST /api/auth/register/ avec email, password, first_name et last_name (ou utilisez le formulaire d'inscription de votre application).
2. Ouvrez notre e-mail et copiez le code de vérification à 6 chiffres. Il est valable 10 minutes.
3. Envoyez POST /api/auth/verify-email/ avec votre email et le code dans otp_code.
4. Connectez-vous avec POST /api/auth/login/ et votre e-mail et mot de passe.

Vous pouvez vérifier qu'une adresse est libre avec GET /api/auth/check-email/?email=... . Une connexion avant la vérification est refusée avec 403 email_not_verified.`,
  },
  {
    slug: 'verification-code-not-received',
    category: 'account-security',
    title: 'Je n\'ai pas reçu mon code par e-mail ou le code ne fonctionne pas',
    body: `Les codes de vérification et de réinitialisation ont 6 chiffres, arrivent par e-mail et sont valables 10 minutes.

1. Regardez dans vos courriers indésirables et vérifiez que vous utilisez l'adresse de votre inscription.
2. Demandez un nouveau code : POST /api/auth/resend-verification/ pour la vérification de l'e-mail, ou POST /api/auth/resend-password-reset/ pour une réinitialisation du mot de passe. Les anciens codes non expirés restent valables.
3. Saisissez le code le plus récent dans les 10 minutes.

Un code erroné, expiré ou déjà utilisé reçoit la réponse 400 invalid_otp : vérifiez les chiffres, ou demandez un nouveau code s'il a plus de 10 minutes. Les erreurs ne bloquent jamais votre code, mais trop d'essais depuis un même réseau sont ralentis (429 avec un en-tête Retry-After qui indique combien attendre). Au plus 6 codes par adresse et par usage sont envoyés par heure.`,
  },
  {
    slug: 'log-in-and-stay-signed-in',
    category: 'account-security',
    title: 'Se connecter, rester connecté et se déconnecter',
    body: `La connexion vous donne deux jetons : un jeton d'accès de courte durée et un jeton de rafraîchissement.

1. Connectez-vous avec POST /api/auth/login/ et votre e-mail et mot de passe. La réponse contient access, refresh et expires_in.
2. Envoyez le jeton d'accès avec chaque requête dans l'en-tête Authorization: Bearer <jeton d'accès>. Il est valable 30 minutes par défaut.
3. Avant son expiration, échangez le jeton de rafraîchissement sur POST /api/token/refresh/ avec {"refresh": "..."}. Vous recevez un nouveau jeton d'accès et un nouveau jeton de rafraîchissement ; l'ancien est consommé. Un jeton de rafraîchissement dure 14 jours par défaut.
4. Pour vous déconnecter, appelez POST /api/auth/logout/. Avec {"all": true}, tous les appareils sont déconnectés.

Les échecs de connexion répétés sont ralentis par des délais croissants (429 too_many_attempts avec un en-tête Retry-After) ; un compte n'est jamais bloqué, et votre réseau habituel n'est pas ralenti par les essais d'un inconnu. Si un jeton de rafraîchissement déjà consommé est renvoyé, toute la connexion est révoquée par sécurité (token_reused) : reconnectez-vous. Une connexion avant la vérification de l'adresse répond 403 email_not_verified.`,
  },
  {
    slug: 'reset-forgotten-password',
    category: 'account-security',
    title: 'Réinitialiser un mot de passe oublié',
    body: `Un mot de passe oublié se réinitialise avec un code envoyé à votre adresse e-mail.

1. Envoyez POST /api/auth/forgot-password/ avec votre email. La réponse est la même que l'adresse ait un compte ou non.
2. Copiez le code à 6 chiffres de l'e-mail (valable 10 minutes). Pour en recevoir un autre : POST /api/auth/resend-password-reset/.
3. Envoyez POST /api/auth/reset-password/ avec email, otp_code et new_password.
4. Reconnectez-vous avec le nouveau mot de passe.

La réinitialisation déconnecte toutes les connexions existantes du compte, sur tous les appareils, et révoque tous ses jetons d'API personnels.`,
  },
  {
    slug: 'change-password',
    category: 'account-security',
    title: 'Changer votre mot de passe',
    body: `Si vous connaissez votre mot de passe actuel, vous pouvez le changer en étant connecté.

1. Envoyez POST /api/auth/change-password/ avec current_password et new_password, avec le jeton d'accès d'une connexion (pas un jeton d'API personnel : cela répond 403 session_required).
2. Votre connexion actuelle reste active.

Toutes les autres connexions du compte (autres appareils, autres navigateurs) sont révoquées immédiatement et leurs connexions WebSocket fermées. Les jetons d'API personnels restent valables : révoquez-les séparément sur /api/auth/api-tokens/. Après 5 mots de passe actuels erronés en 15 minutes, change-password répond 429 pendant un moment.`,
  },
  {
    slug: 'create-team-and-invite-members',
    category: 'teams-collaboration',
    title: 'Créer une équipe et inviter des membres',
    body: `Une équipe partage inventaires, articles, produits et mouvements entre ses membres. Chaque utilisateur appartient au plus à une équipe, et la rejoindre demande l'accord de la personne invitée.

1. Créez votre équipe avec POST /api/teams/ et un nom. Vous en devenez propriétaire.
2. Invitez un collègue avec POST /api/teams/{id}/add-member/ et son email (ou user_id). Cela crée une invitation valable 7 jours (réponse 202) ; personne n'est ajouté directement.
3. Le collègue voit l'invitation sur GET /api/teams/invitations/ et l'accepte avec POST /api/teams/invitations/{id}/accept/ (ou la refuse avec .../decline/).
4. Une fois membre, il travaille dans l'équipe en envoyant les en-têtes de l'équipe (voir « Travailler dans votre espace personnel ou d'équipe »).

En tant que propriétaire, vous voyez les invitations ouvertes sur GET /api/teams/{id}/invitations/, en retirez une avec DELETE /api/teams/{id}/invitations/{invitation_id}/ et retirez un membre avec POST /api/teams/{id}/remove-member/. Les membres quittent l'équipe avec POST /api/teams/{id}/leave/. Seul le propriétaire invite (403 not_team_owner) ; une personne déjà dans une équipe ne peut pas accepter (409 already_in_team). Suivez l'activité avec GET /api/teams/recent-activity/.`,
  },
  {
    slug: 'personal-and-team-scope',
    category: 'teams-collaboration',
    title: "Travailler dans votre espace personnel ou d'équipe",
    body: `Tout ce que vous enregistrez appartient soit à vous (espace personnel), soit à votre équipe (espace d'équipe). Chaque requête indique l'espace utilisé.

1. L'espace personnel est la valeur par défaut ; vous pouvez aussi envoyer l'en-tête X-Profile-Type: self.
2. Pour l'espace d'équipe, envoyez X-Profile-Type: team avec X-Team-Id: <identifiant de votre équipe>.
3. Les listes ne montrent que les éléments de l'espace choisi. Un identifiant de l'autre espace répond 404, comme s'il n'existait pas.

Une équipe dont vous n'êtes pas membre répond 403. GET /api/auth/me/ indique l'espace choisi par vos en-têtes.`,
  },
  {
    slug: 'set-up-first-inventory',
    category: 'getting-started',
    title: 'Créer votre premier inventaire, vos rangements et vos boîtes',
    body: `Le stock est organisé sur trois niveaux : un inventaire (par exemple « Atelier »), ses rangements (pièces ou étagères) et les boîtes de rangement qu'ils contiennent. Les articles sont toujours dans une boîte.

1. Créez un inventaire : POST /api/inventories/ avec un nom (type d'inventaire et icône facultatifs).
2. Créez un rangement : POST /api/storages/ avec inventory_id et un nom.
3. Créez des boîtes : POST /api/storage-boxes/ avec storage_id et un nom pour chaque boîte, étagère ou bac (un code pour l'étiquette imprimée est facultatif).
4. Ajoutez des articles : voir « Ajouter des articles et réceptionner du stock ».

Les listes se filtrent et se recherchent, par exemple GET /api/storage-boxes/?inventory_id=... . Un inventaire, un rangement ou une boîte qui contient encore du stock ne peut pas être supprimé (409 not_empty) : déplacez ou consommez d'abord le stock.`,
  },
  {
    slug: 'add-items-and-receive-stock',
    category: 'inventory-management',
    title: 'Ajouter des articles et réceptionner du stock',
    body: `Un article d'inventaire est un produit dans une boîte avec une quantité. Vous le créez une fois ; ensuite sa quantité ne change que par des mouvements de stock.

1. Créez l'article avec POST /api/inventory-items/ : le produit, la boîte et, si vous voulez, une quantité initiale, une unité, une quantité minimale (min_quantity) et une date de péremption. Une quantité initiale est enregistrée comme une réception.
2. Pour ajouter du stock ensuite, enregistrez une réception : POST /api/inventory-transactions/ avec {"kind": "receive", "item_id": ..., "quantity": ...}.
3. Pour réceptionner plusieurs produits à la fois (une livraison), envoyez "lines" : chaque ligne a storage_box_id, product_id et quantity, et l'article est créé s'il n'existe pas (jusqu'à 1 000 lignes).

Les quantités sont des nombres entiers. Le champ quantity d'un article ne peut pas être modifié directement (400) : utilisez un mouvement, pour que chaque changement soit dans le journal.`,
  },
  {
    slug: 'stock-transactions',
    category: 'inventory-management',
    title: 'Enregistrer les mouvements de stock : réception, consommation, ajustement et transfert',
    body: `Chaque changement de stock est un mouvement dans un journal non modifiable. Envoyez POST /api/inventory-transactions/ avec un type (kind) :

1. receive : entrée de stock. {"kind": "receive", "item_id": 12, "quantity": 5}, ou "lines" pour plusieurs articles.
2. consume : stock utilisé ou vendu. {"kind": "consume", "item_id": 12, "quantity": 2}.
3. adjust : correction après un comptage. Envoyez "delta" (par exemple -3) ou "counted_quantity" (la quantité comptée) ; le journal enregistre la différence.
4. move : transfert vers une autre boîte avec "to_storage_box_id" (l'article y est créé si besoin) ou vers un autre article avec "to_item_id".

Ajoutez "reference" (bon de livraison ou numéro de commande) et "note" si vous voulez. Les mouvements ne peuvent être ni modifiés ni supprimés (405 ledger_append_only) : enregistrez un ajustement correctif. Pour des reprises sûres, envoyez un en-tête Idempotency-Key : la même requête renvoie alors le mouvement d'origine au lieu d'en créer un second.`,
  },
  {
    slug: 'insufficient-stock-error',
    category: 'troubleshooting',
    title: "Pourquoi ai-je l'erreur « insufficient_stock » en consommant ou en transférant du stock ?",
    body: `Un mouvement ne fait jamais passer une quantité sous zéro. Si vous consommez ou transférez plus d'unités que l'article n'en contient, la requête est refusée avec 409 insufficient_stock et rien n'est enregistré.

1. Lisez les détails de l'erreur : item_id, available, requested et shortfall indiquent ce qui manque.
2. Si le stock réel est plus élevé que celui affiché, comptez-le et enregistrez d'abord un ajustement avec counted_quantity.
3. Recommencez ensuite la consommation ou le transfert avec une quantité disponible.

Autres refus fréquents : les quantités doivent être des entiers d'au moins 1 ; un article avec numéro de série contient au plus 1 (409 serial_quantity) ; un identifiant d'article d'un autre espace répond 404.`,
  },
  {
    slug: 'low-stock-and-expiry-alerts',
    category: 'inventory-management',
    title: 'Alertes de stock bas et de péremption',
    body: `La plateforme vous prévient quand un article s'épuise ou va bientôt périmer.

1. Définissez une quantité minimale (min_quantity). Quand la quantité descend au minimum ou en dessous, une alerte low_stock est créée.
2. Définissez une expiry_date. Dans les 30 jours précédant la date (s'il reste du stock), une alerte expiring_soon est créée ; une fois la date passée, elle devient expired.
3. Consultez les alertes avec GET /api/inventory-alerts/. Les nouvelles alertes sont aussi envoyées à tous les utilisateurs de l'espace par le WebSocket /ws/notifications/ et conservées comme notifications.
4. Accusez réception d'une alerte avec POST /api/inventory-alerts/{id}/acknowledge/.

Accuser réception ne ferme pas une alerte : une alerte low_stock se résout quand l'article est réapprovisionné au-dessus du minimum. Les alertes sont vérifiées après chaque mouvement et toutes les heures.`,
  },
  {
    slug: 'scan-a-barcode',
    category: 'products-barcodes',
    title: 'Scanner un code-barres',
    body: `Scanner un code-barres vous indique quels produits le portent et où ils sont en stock.

1. Tapez ou scannez les chiffres et envoyez POST /api/scan-barcode/ avec {"code": "4006381333931"}.
2. Ou envoyez une photo du code-barres comme image multipart à la même adresse. La photo est décodée en arrière-plan ; la requête attend le résultat ou répond 202 avec un identifiant de tâche à suivre sur GET /api/jobs/{id}/.
3. La réponse indique found true ou false, les variantes de produits correspondantes et les boîtes qui les contiennent.

Un code inconnu n'est pas une erreur : la réponse est found false avec un message. Chaque scan est gardé dans votre historique sur GET /api/barcode-scans/. Les codes pris en charge sont les GTIN : EAN-8, UPC-A, EAN-13 et GTIN-14.`,
  },
  {
    slug: 'barcode-check-digit',
    category: 'products-barcodes',
    title: 'Un code-barres est refusé avec « invalid_check_digit »',
    body: `Les codes-barres sont des GTIN (EAN-8, UPC-A, EAN-13 ou GTIN-14) dont le dernier chiffre est une clé de contrôle. Un chiffre mal saisi fait échouer le contrôle.

1. Comparez les chiffres avec le numéro imprimé sous les barres.
2. Le message d'erreur donne la clé que les autres chiffres exigent, ce qui aide à trouver la faute de frappe.
3. Scannez à nouveau ou corrigez le numéro.

Un produit est trouvé sous différentes écritures d'un même code : l'UPC-A 036000291452 est le même que l'EAN-13 0036000291452.`,
  },
  {
    slug: 'products-and-variants',
    category: 'products-barcodes',
    title: 'Produits, variantes, SKU et images',
    body: `Un produit (par exemple « Perceuse sans fil ») a une ou plusieurs variantes (tailles, couleurs), chacune avec son SKU, son code-barres et ses images.

1. Créez un produit avec POST /api/products/ : product_name avec ses variantes et ses étiquettes dans la même requête.
2. Modifiez-le avec PATCH pour changer des champs, ou PUT pour remplacer tout le produit. Les variantes gardent leur stock et leurs images quand vous les nommez par id ou par un SKU inchangé.
3. Téléversez des images avec POST /api/product-images/ (image multipart plus variant_id) : PNG, JPEG et WebP jusqu'à 5 Mio.
4. Regroupez les produits en familles avec /api/product-families/.

Un SKU doit être unique dans votre espace (409 sku_conflict). La clé de contrôle des codes-barres est vérifiée.`,
  },
  {
    slug: 'read-text-from-an-image',
    category: 'products-barcodes',
    title: "Lire le texte d'une photo (OCR)",
    body: `La plateforme lit le texte imprimé d'une image, par exemple une étiquette ou un ticket.

1. Envoyez l'image en multipart « image » à POST /api/process-image/.
2. La réponse contient le texte reconnu, les lignes avec leur position et leur fiabilité, et une fiabilité globale de 0 à 100.
3. Si la lecture dure plus longtemps, vous recevez 202 avec un identifiant de tâche : consultez GET /api/jobs/{id}/ ou écoutez /ws/notifications/.

L'OCR lit le mieux le texte anglais. Des photos nettes, bien éclairées et prises de face donnent les meilleurs résultats.`,
  },
  {
    slug: 'import-supplier-invoice',
    category: 'invoice-import',
    title: 'Comment importer une facture fournisseur ?',
    body: `L'import de factures transforme une facture fournisseur en stock en trois étapes : téléverser pour un aperçu, vérifier les lignes, puis tout enregistrer en une fois.

1. Téléversez la facture : POST /api/invoice-import/preview/ en multipart avec le fichier dans "document", l'inventory_id et la storage_box_id de destination et un product_family_name pour les nouveaux produits. Sont lus : PDF (même scannés), photos (PNG, JPEG, WebP, TIFF), factures électroniques XML UBL et CII, Factur-X/ZUGFeRD et CSV.
2. Vérifiez l'aperçu : il montre le fournisseur, le numéro, la date, la devise et le total, et chaque ligne rapprochée de vos produits par code-barres, SKU ou nom. Les lignes sont "ready" ou "needs_review" avec des raisons comme quantity_missing ou weak_name_match. Corrigez ce qui doit l'être.
3. Enregistrez : POST /api/invoice-import/bulk-store/ avec la session_id et les lignes. Tout est enregistré en une fois : les produits manquants sont créés et les quantités réceptionnées dans la boîte.

L'aperçu est gardé comme session, vous pouvez donc y revenir : GET /api/invoice-import/sessions/latest/ ou GET /api/invoice-import/sessions/{id}/. Une session ne s'applique qu'une fois (409 session_already_applied).`,
  },
  {
    slug: 'invoice-import-problems',
    category: 'invoice-import',
    title: "Une facture ne peut pas être lue ou l'enregistrement est refusé",
    body: `La plupart des problèmes d'import viennent du fichier lui-même ou de lignes à corriger.

1. "unsupported_document_type" ou "empty_file" : envoyez un PDF, une image, une facture XML ou un fichier CSV ; le type est lu dans le contenu, pas dans le nom.
2. "document_too_large" : le fichier dépasse la limite (20 Mio par défaut).
3. "document_encrypted", "document_corrupt" ou "document_empty" : retirez le mot de passe, exportez à nouveau le PDF ou envoyez un scan plus net.
4. "bulk_store_aborted" : au moins une ligne est invalide et rien n'a été enregistré. La liste errors donne line_number, field et message (par exemple une selected_quantity qui n'est pas un entier). Corrigez ces lignes et renvoyez l'enregistrement.

Les pages scannées et les photos sont lues par OCR, environ une demi-seconde par page. Au plus 120 aperçus par utilisateur et par minute sont acceptés.`,
  },
  {
    slug: 'verify-your-identity',
    category: 'identity-verification',
    title: 'Vérifier votre identité',
    body: `Certaines fonctions exigent une identité vérifiée. La vérification est faite par notre service de vérification avec une pièce d'identité.

1. Commencez par POST /api/v1/kyc/access-token/. Vous recevez un jeton de courte durée (600 secondes) pour le SDK de vérification et le fournisseur concerné.
2. Suivez les étapes : téléversez votre pièce d'identité (passeport, carte d'identité, permis de conduire ou titre de séjour) et vos données personnelles, puis envoyez.
3. Consultez le résultat avec GET /api/v1/kyc/status/. Vous êtes aussi notifié quand il change.

Statuts : not_started, pending, in_review, approved, retry (quelque chose doit être corrigé, voir moderation_comment), rejected (définitif) et on_hold. Une fonction qui exige la vérification répond 403 kyc_required tant que vous n'êtes pas approuvé.`,
  },
  {
    slug: 'verification-retry-or-rejected',
    category: 'identity-verification',
    title: "Ma vérification d'identité doit être refaite ou a été refusée",
    body: `Quand l'examen trouve un problème, votre statut devient retry ou rejected.

1. Lisez moderation_comment et reject_labels dans GET /api/v1/kyc/status/ : ils indiquent le problème, par exemple un document expiré ou une photo illisible.
2. Pour retry, recommencez avec POST /api/v1/kyc/reset/ et envoyez des documents corrigés, ou continuez avec un nouveau jeton d'accès.
3. rejected est définitif (409 verification_final lors d'une réinitialisation) : contactez le support avec un ticket si vous pensez à une erreur.

Les requêtes sont limitées : 15 jetons d'accès et 6 rafraîchissements ou réinitialisations par minute (429 avec Retry-After).`,
  },
  {
    slug: 'api-access-tokens',
    category: 'getting-started',
    title: 'Utiliser l\'API : jetons d\'accès, jetons d\'API et WebSocket',
    body: `L'API utilise des jetons bearer opaques : le jeton d'accès d'une connexion, ou un jeton d'API personnel pour les scripts et intégrations.

1. POST /api/auth/login/ renvoie un jeton d'accès (30 minutes par défaut) et un jeton de rafraîchissement (14 jours par défaut) ; renouvelez avec POST /api/token/refresh/ et {"refresh": "..."}.
2. Pour un script, créez un jeton d'API personnel en étant connecté : POST /api/auth/api-tokens/ avec un nom et, si vous voulez, expires_in_days (1 à 365). Le jeton (qui commence par ipt_) n'est montré qu'une fois : conservez-le en lieu sûr. GET /api/auth/api-tokens/ liste vos jetons, DELETE /api/auth/api-tokens/{id}/ en révoque un.
3. Envoyez Authorization: Bearer <jeton> avec chaque requête. Un jeton d'API agit comme une connexion de votre utilisateur, mais ne peut pas gérer les identifiants (403 session_required).
4. Pour le temps réel, connectez-vous au WebSocket /ws/notifications/?token=<jeton>. Un jeton absent, invalide, expiré ou révoqué le ferme avec le code 4401.

La documentation interactive est sur /api/docs/ (OpenAPI sur /api/openapi.json). Les erreurs ont toujours la forme {"error": {"code", "message", "details"}} ; 401 signifie jeton absent ou invalide, 429 une limite atteinte (attendez Retry-After). Une réinitialisation du mot de passe révoque tous les jetons d'API.`,
  },
  {
    slug: 'contact-support-with-a-ticket',
    category: 'troubleshooting',
    title: 'Contacter le support : créer un ticket',
    body: `Quand les articles d'aide ne répondent pas à votre question, ouvrez un ticket de support et notre équipe vous répondra.

1. Créez-le avec POST /api/support-tickets/ : subject et description sont obligatoires ; choisissez un ticket_type (general par défaut) et une priority (low, medium, high ou urgent ; medium par défaut). Liez des catégories d'aide avec help_category_ids.
2. Pour joindre des captures ou des documents (images, PDF ou fichiers texte), envoyez le ticket en multipart.
3. Suivez vos tickets avec GET /api/support-tickets/ et ajoutez des informations avec POST /api/support-tickets/{id}/add_reply/.

Chaque ticket reçoit un numéro comme TKT-7KQ2M9XA. Son statut passe de open à in_progress pendant le traitement, puis à resolved avec une résolution. Vous ne voyez que vos propres tickets. Les types de tickets sont listés sur GET /api/support-ticket-types/.`,
  },
  {
    slug: 'ai-support-chat',
    category: 'troubleshooting',
    title: 'Comment fonctionne le chat de support IA',
    body: `Le chat de support répond à partir de ces articles d'aide et indique les articles utilisés.

1. Ouvrez une session : POST /api/v1/support/chat/sessions/ avec votre langue, ou envoyez support.chat.sessions.create sur le WebSocket /ws/support/ai-chat/?token=<jeton d'accès>.
2. Posez votre question : POST /api/v1/support/chat/sessions/{session_id}/messages/ avec {"message": "..."} ou support.chat.message.send. Les réponses arrivent en moins de 45 secondes.
3. Si l'assistant ne peut pas aider, il propose un ticket de support avec un brouillon préparé. Rien n'est créé sans votre accord : POST .../ticket/ avec {"consent": true}.

Vos conversations sont chiffrées et vous seul pouvez les lire (GET /api/v1/support/chat/sessions/). L'assistant ne voit ni vos données de compte ni celles des autres, et ne peut pas créer de ticket lui-même.`,
  },
  {
    slug: 'real-time-notifications',
    category: 'getting-started',
    title: 'Notifications en temps réel et tâches en arrière-plan',
    body: `Certains travaux s'exécutent en arrière-plan : scans de codes-barres en photo, OCR, aperçus et enregistrements de factures. Vous obtenez le résultat de trois façons.

1. Attendre : la requête attend jusqu'à 25 secondes et répond avec le résultat.
2. Interroger : si c'est plus long, la réponse est 202 avec job_id et poll_url ; lisez GET /api/jobs/{id}/ jusqu'à l'état completed ou failed.
3. Écouter : connectez-vous à /ws/notifications/?token=<jeton d'accès> ; le serveur envoie connection.ready, puis job.completed, job.failed, les alertes de stock et les autres notifications.

Après une reconnexion, envoyez {"type": "jobs.get", "data": {"job_id": "..."}} pour rattraper une tâche. Les notifications conservées sont listées sur GET /api/notifications/.`,
  },
];
