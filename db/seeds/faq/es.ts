// Size: seed data (the FAQ articles of one language), not logic.
// Artículos de preguntas frecuentes en español (los mismos slugs que los ingleses).
import type { SeedArticle } from './types.js';

export const ES: SeedArticle[] = [
  {
    slug: 'create-account',
    category: 'getting-started',
    title: 'Crear una cuenta y verificar su correo electrónico',
    body: `Se registra con su correo electrónico y una contraseña, y después confirma la dirección con un código de 6 dígitos que le enviamos por correo. Solo puede iniciar sesión cuando la dirección está verificada.

1. Envíe POST /api/auth/register/ con email, password, first_name y last_name (o use el formulario de registro de su aplicación).
2. Abra nuestro correo y copie el código de verificación de 6 dígitos. Es válido durante 10 minutos.
3. Envíe POST /api/auth/verify-email/ con su email y el código en otp_code.
4. Inicie sesión con POST /api/auth/login/ con su correo y contraseña.

Puede comprobar si una dirección está libre con GET /api/auth/check-email/?email=... . Un inicio de sesión antes de verificar se rechaza con 403 email_not_verified.`,
  },
  {
    slug: 'verification-code-not-received',
    category: 'account-security',
    title: 'No recibí el código por correo o el código no funciona',
    body: `Los códigos de verificación y de restablecimiento tienen 6 dígitos, llegan por correo y valen 10 minutos.

1. Revise la carpeta de correo no deseado y que usa la dirección con la que se registró.
2. Pida un código nuevo: POST /api/auth/resend-verification/ para la verificación del correo, o POST /api/auth/resend-password-reset/ para restablecer la contraseña. Los códigos anteriores no caducados siguen siendo válidos.
3. Introduzca el código más reciente en 10 minutos.

Un código incorrecto, caducado o ya usado recibe la respuesta 400 invalid_otp: revise los dígitos o pida un código nuevo si tiene más de 10 minutos. Los errores nunca bloquean su código, pero demasiados intentos desde una misma red se frenan (429 con una cabecera Retry-After que indica cuánto esperar). Se envían como máximo 6 códigos por dirección y finalidad por hora.`,
  },
  {
    slug: 'log-in-and-stay-signed-in',
    category: 'account-security',
    title: 'Iniciar sesión, mantener la sesión y cerrarla',
    body: `Al iniciar sesión recibe dos tokens: un token de acceso de corta duración y un token de renovación.

1. Inicie sesión con POST /api/auth/login/ con su correo y contraseña. La respuesta contiene access, refresh y expires_in.
2. Envíe el token de acceso en cada petición en la cabecera Authorization: Bearer <token de acceso>. Vale 30 minutos por defecto.
3. Antes de que caduque, cambie el token de renovación en POST /api/token/refresh/ con {"refresh": "..."}. Recibe un token de acceso y un token de renovación nuevos; el anterior queda gastado. Un token de renovación dura 14 días por defecto.
4. Para cerrar la sesión, llame a POST /api/auth/logout/. Con {"all": true} se cierran todos los dispositivos.

Los inicios de sesión fallidos repetidos se frenan con esperas crecientes (429 too_many_attempts con una cabecera Retry-After); una cuenta nunca se bloquea y su red habitual no se frena por los intentos de un extraño. Si se vuelve a enviar un token de renovación ya gastado, se revoca toda la sesión por seguridad (token_reused): inicie sesión de nuevo. Iniciar sesión antes de verificar el correo responde 403 email_not_verified.`,
  },
  {
    slug: 'reset-forgotten-password',
    category: 'account-security',
    title: 'Restablecer una contraseña olvidada',
    body: `Si olvidó su contraseña, restablézcala con un código enviado a su correo.

1. Envíe POST /api/auth/forgot-password/ con su email. La respuesta es la misma tenga o no cuenta la dirección.
2. Copie el código de 6 dígitos del correo (válido 10 minutos). Para otro: POST /api/auth/resend-password-reset/.
3. Envíe POST /api/auth/reset-password/ con email, otp_code y new_password.
4. Inicie sesión con la contraseña nueva.

El restablecimiento cierra todas las sesiones existentes de la cuenta en todos los dispositivos y revoca todos sus tokens de API personales.`,
  },
  {
    slug: 'change-password',
    category: 'account-security',
    title: 'Cambiar su contraseña',
    body: `Si conoce su contraseña actual, puede cambiarla con la sesión iniciada.

1. Envíe POST /api/auth/change-password/ con current_password y new_password, con el token de acceso de una sesión (no un token de API personal: eso responde 403 session_required).
2. Su sesión actual sigue abierta.

Todas las demás sesiones de la cuenta (otros dispositivos y navegadores) se revocan al instante y se cierran sus conexiones WebSocket. Los tokens de API personales siguen siendo válidos: revóquelos por separado en /api/auth/api-tokens/. Tras 5 contraseñas actuales incorrectas en 15 minutos, change-password responde 429 durante un rato.`,
  },
  {
    slug: 'create-team-and-invite-members',
    category: 'teams-collaboration',
    title: 'Crear un equipo e invitar a miembros',
    body: `Un equipo comparte inventarios, artículos, productos y movimientos entre sus miembros. Cada usuario pertenece como máximo a un equipo, y unirse requiere el consentimiento de la persona invitada.

1. Cree su equipo con POST /api/teams/ y un nombre. Usted será el propietario.
2. Invite a un compañero con POST /api/teams/{id}/add-member/ y su email (o user_id). Esto crea una invitación válida 7 días (respuesta 202); nadie se añade de inmediato.
3. El compañero ve la invitación en GET /api/teams/invitations/ y la acepta con POST /api/teams/invitations/{id}/accept/ (o la rechaza con .../decline/).
4. Ya como miembro, trabaja en el equipo enviando las cabeceras del equipo (vea «Trabajar en su ámbito personal o de equipo»).

Como propietario, ve las invitaciones abiertas en GET /api/teams/{id}/invitations/, retira una con DELETE /api/teams/{id}/invitations/{invitation_id}/ y quita a un miembro con POST /api/teams/{id}/remove-member/. Los miembros salen con POST /api/teams/{id}/leave/. Solo el propietario invita (403 not_team_owner); quien ya está en un equipo no puede aceptar (409 already_in_team). Siga la actividad con GET /api/teams/recent-activity/.`,
  },
  {
    slug: 'personal-and-team-scope',
    category: 'teams-collaboration',
    title: 'Trabajar en su ámbito personal o de equipo',
    body: `Todo lo que guarda pertenece a usted (ámbito personal) o a su equipo (ámbito de equipo). Cada petición indica en qué ámbito trabaja.

1. El ámbito personal es el predeterminado; también puede enviar la cabecera X-Profile-Type: self.
2. Para el ámbito de equipo, envíe X-Profile-Type: team junto con X-Team-Id: <id de su equipo>.
3. Las listas muestran solo los registros del ámbito elegido. Un id del otro ámbito responde 404, como si no existiera.

Un equipo al que no pertenece responde 403. GET /api/auth/me/ muestra el ámbito que eligen sus cabeceras.`,
  },
  {
    slug: 'set-up-first-inventory',
    category: 'getting-started',
    title: 'Crear su primer inventario, almacenes y cajas',
    body: `Las existencias se organizan en tres niveles: un inventario (por ejemplo «Taller»), sus almacenes (salas o estanterías) y las cajas de almacenamiento que contienen. Los artículos siempre están en una caja.

1. Cree un inventario: POST /api/inventories/ con un nombre (tipo de inventario e icono opcionales).
2. Cree un almacén en él: POST /api/storages/ con inventory_id y un nombre.
3. Cree cajas: POST /api/storage-boxes/ con storage_id y un nombre para cada caja, estante o contenedor (un code para la etiqueta impresa es opcional).
4. Añada artículos: vea «Añadir artículos y recibir existencias».

Las listas se pueden filtrar y buscar, por ejemplo GET /api/storage-boxes/?inventory_id=... . Un inventario, almacén o caja con existencias no se puede borrar (409 not_empty): mueva o consuma antes las existencias.`,
  },
  {
    slug: 'add-items-and-receive-stock',
    category: 'inventory-management',
    title: 'Añadir artículos y recibir existencias',
    body: `Un artículo de inventario es un producto en una caja con una cantidad. Lo crea una vez; después su cantidad solo cambia con movimientos de existencias.

1. Cree el artículo con POST /api/inventory-items/: el producto, la caja y, si quiere, una cantidad inicial, una unidad, una cantidad mínima (min_quantity) y una fecha de caducidad. La cantidad inicial se registra como una recepción.
2. Para añadir más existencias, registre una recepción: POST /api/inventory-transactions/ con {"kind": "receive", "item_id": ..., "quantity": ...}.
3. Para recibir muchos productos a la vez (una entrega), envíe "lines": cada línea tiene storage_box_id, product_id y quantity, y el artículo se crea si no existe (hasta 1.000 líneas).

Las cantidades son números enteros. El campo quantity de un artículo no se puede editar directamente (400): use un movimiento, para que cada cambio quede en el registro.`,
  },
  {
    slug: 'stock-transactions',
    category: 'inventory-management',
    title: 'Registrar movimientos: recepción, consumo, ajuste y traslado',
    body: `Cada cambio de existencias es un movimiento en un registro que no se puede modificar. Envíe POST /api/inventory-transactions/ con un tipo (kind):

1. receive: entrada de existencias. {"kind": "receive", "item_id": 12, "quantity": 5}, o "lines" para varios artículos.
2. consume: existencias usadas o vendidas. {"kind": "consume", "item_id": 12, "quantity": 2}.
3. adjust: corrección tras un recuento. Envíe "delta" (por ejemplo -3) o "counted_quantity" (la cantidad contada); el registro anota la diferencia.
4. move: traslado a otra caja con "to_storage_box_id" (allí se crea el artículo si falta) o a otro artículo con "to_item_id".

Añada "reference" (albarán o número de pedido) y "note" si lo desea. Los movimientos no se pueden editar ni borrar (405 ledger_append_only): registre un ajuste corrector. Para reintentos seguros, envíe una cabecera Idempotency-Key: la misma petición devuelve el movimiento original en lugar de registrarlo dos veces.`,
  },
  {
    slug: 'insufficient-stock-error',
    category: 'troubleshooting',
    title: '¿Por qué recibo «insufficient_stock» al consumir o trasladar existencias?',
    body: `Un movimiento nunca deja una cantidad por debajo de cero. Si consume o traslada más unidades de las que tiene el artículo, la petición se rechaza con 409 insufficient_stock y no se registra nada.

1. Lea los detalles del error: item_id, available, requested y shortfall indican cuánto falta.
2. Si las existencias reales son más de las que muestra el sistema, cuéntelas y registre primero un ajuste con counted_quantity.
3. Después repita el consumo o el traslado con una cantidad disponible.

Otros rechazos frecuentes: las cantidades deben ser enteros de al menos 1; un artículo con número de serie contiene como máximo 1 (409 serial_quantity); un id de artículo de otro ámbito responde 404.`,
  },
  {
    slug: 'low-stock-and-expiry-alerts',
    category: 'inventory-management',
    title: 'Alertas de existencias bajas y de caducidad',
    body: `La plataforma le avisa cuando un artículo se agota o está a punto de caducar.

1. Defina una cantidad mínima (min_quantity). Cuando la cantidad baja al mínimo o por debajo, se crea una alerta low_stock.
2. Defina una expiry_date. En los 30 días anteriores a esa fecha (con existencias) se crea una alerta expiring_soon; pasada la fecha pasa a expired.
3. Consulte las alertas con GET /api/inventory-alerts/. Las nuevas alertas se envían también a todos los usuarios del ámbito por el WebSocket /ws/notifications/ y se guardan como notificaciones.
4. Confirme una alerta con POST /api/inventory-alerts/{id}/acknowledge/ para dejar constancia de que la vio.

Confirmar no cierra una alerta: una alerta low_stock se resuelve cuando el artículo se repone por encima del mínimo. Las alertas se comprueban tras cada movimiento y cada hora.`,
  },
  {
    slug: 'scan-a-barcode',
    category: 'products-barcodes',
    title: 'Escanear un código de barras',
    body: `Escanear un código de barras le indica qué productos suyos lo llevan y dónde hay existencias.

1. Escriba o escanee los dígitos y envíe POST /api/scan-barcode/ con {"code": "4006381333931"}.
2. O envíe una foto del código como image multipart a la misma dirección. La foto se lee en segundo plano; la petición espera el resultado o responde 202 con un id de tarea para GET /api/jobs/{id}/.
3. La respuesta indica found true o false, las variantes de producto que coinciden y las cajas que las contienen.

Un código desconocido no es un error: la respuesta es found false con un mensaje. Cada escaneo queda en su historial en GET /api/barcode-scans/. Se admiten GTIN: EAN-8, UPC-A, EAN-13 y GTIN-14.`,
  },
  {
    slug: 'barcode-check-digit',
    category: 'products-barcodes',
    title: 'Un código de barras se rechaza con «invalid_check_digit»',
    body: `Los códigos de barras son GTIN (EAN-8, UPC-A, EAN-13 o GTIN-14) cuyo último dígito es de control. Un dígito mal escrito hace fallar la comprobación.

1. Compare los dígitos con el número impreso bajo las barras.
2. El mensaje de error indica el dígito de control que exigirían los demás dígitos, lo que ayuda a encontrar la errata.
3. Escanee de nuevo o corrija el número.

Un producto se encuentra con distintas escrituras del mismo código: el UPC-A 036000291452 es el mismo que el EAN-13 0036000291452.`,
  },
  {
    slug: 'products-and-variants',
    category: 'products-barcodes',
    title: 'Productos, variantes, SKU e imágenes',
    body: `Un producto (por ejemplo «Taladro inalámbrico») tiene una o varias variantes (tallas, colores), cada una con su SKU, su código de barras y sus imágenes.

1. Cree un producto con POST /api/products/: product_name con sus variantes y etiquetas en la misma petición.
2. Modifíquelo con PATCH para cambiar campos, o con PUT para reemplazar todo el producto. Las variantes conservan existencias e imágenes si las nombra por id o por un SKU sin cambios.
3. Suba imágenes con POST /api/product-images/ (image multipart y variant_id): PNG, JPEG y WebP de hasta 5 MiB.
4. Agrupe productos en familias con /api/product-families/.

Un SKU debe ser único en su ámbito (409 sku_conflict). Se comprueba el dígito de control de los códigos de barras.`,
  },
  {
    slug: 'read-text-from-an-image',
    category: 'products-barcodes',
    title: 'Leer el texto de una foto (OCR)',
    body: `La plataforma lee el texto impreso de una imagen, por ejemplo una etiqueta o un recibo.

1. Envíe la imagen como «image» multipart a POST /api/process-image/.
2. La respuesta contiene el texto reconocido, las líneas con su posición y fiabilidad, y una fiabilidad global de 0 a 100.
3. Si la lectura tarda más, recibe 202 con un id de tarea: consulte GET /api/jobs/{id}/ o escuche en /ws/notifications/.

El OCR lee mejor el texto en inglés. Las fotos nítidas, bien iluminadas y tomadas de frente dan los mejores resultados.`,
  },
  {
    slug: 'import-supplier-invoice',
    category: 'invoice-import',
    title: '¿Cómo importo una factura de proveedor?',
    body: `La importación de facturas convierte una factura de proveedor en existencias en tres pasos: subirla para una vista previa, revisar las líneas y guardarlas todas a la vez.

1. Suba la factura: POST /api/invoice-import/preview/ en multipart con el archivo en "document", el inventory_id y la storage_box_id de destino y un product_family_name para los productos nuevos. Se leen PDF (también escaneados), fotos (PNG, JPEG, WebP, TIFF), facturas electrónicas XML UBL y CII, Factur-X/ZUGFeRD y CSV.
2. Revise la vista previa: muestra el proveedor, el número, la fecha, la moneda y el total, y cada línea emparejada con sus productos por código de barras, SKU o nombre. Las líneas son "ready" o "needs_review" con motivos como quantity_missing o weak_name_match. Corrija lo necesario.
3. Guárdela: POST /api/invoice-import/bulk-store/ con la session_id y las líneas. Todo se guarda de una vez: se crean los productos que faltan y las cantidades entran en la caja.

La vista previa se guarda como sesión, así que puede volver a ella: GET /api/invoice-import/sessions/latest/ o GET /api/invoice-import/sessions/{id}/. Una sesión solo se aplica una vez (409 session_already_applied).`,
  },
  {
    slug: 'invoice-import-problems',
    category: 'invoice-import',
    title: 'Una factura no se puede leer o se rechaza el guardado',
    body: `La mayoría de los problemas de la importación vienen del propio archivo o de líneas que hay que corregir.

1. "unsupported_document_type" o "empty_file": envíe un PDF, una imagen, una factura XML o un CSV; el tipo se lee del contenido, no del nombre.
2. "document_too_large": el archivo supera el límite (20 MiB por defecto).
3. "document_encrypted", "document_corrupt" o "document_empty": quite la contraseña, exporte de nuevo el PDF o envíe un escaneo más claro.
4. "bulk_store_aborted": al menos una línea no es válida y no se guardó nada. La lista errors indica line_number, field y message (por ejemplo una selected_quantity que no es un entero). Corrija esas líneas y envíe de nuevo el guardado.

Las páginas escaneadas y las fotos se leen con OCR, aproximadamente medio segundo por página. Se aceptan como máximo 120 vistas previas por usuario y minuto.`,
  },
  {
    slug: 'verify-your-identity',
    category: 'identity-verification',
    title: 'Verificar su identidad',
    body: `Algunas funciones requieren una identidad verificada. La verificación la hace nuestro servicio de verificación con un documento de identidad.

1. Empiece con POST /api/v1/kyc/access-token/. Recibe un token de corta duración (600 segundos) para el SDK de verificación y el proveedor que la gestiona.
2. Siga los pasos: suba su documento (pasaporte, documento de identidad, permiso de conducir o permiso de residencia) y sus datos personales, y envíelos.
3. Consulte el resultado con GET /api/v1/kyc/status/. También se le notifica cuando cambia.

Estados: not_started, pending, in_review, approved, retry (hay que corregir algo, vea moderation_comment), rejected (definitivo) y on_hold. Una función que exige verificación responde 403 kyc_required hasta que esté aprobado.`,
  },
  {
    slug: 'verification-retry-or-rejected',
    category: 'identity-verification',
    title: 'Mi verificación de identidad necesita otro intento o fue rechazada',
    body: `Cuando la revisión encuentra un problema, su estado pasa a retry o rejected.

1. Lea moderation_comment y reject_labels en GET /api/v1/kyc/status/: indican el problema, por ejemplo un documento caducado o una foto ilegible.
2. Para retry, empiece de nuevo con POST /api/v1/kyc/reset/ y envíe documentos corregidos, o continúe con un nuevo token de acceso.
3. rejected es definitivo (409 verification_final al restablecer): contacte con soporte mediante un ticket si cree que es un error.

Las peticiones están limitadas: 15 tokens de acceso y 6 renovaciones o restablecimientos por minuto (429 con Retry-After).`,
  },
  {
    slug: 'api-access-tokens',
    category: 'getting-started',
    title: 'Usar la API: tokens de acceso, tokens de API y WebSocket',
    body: `La API usa tokens bearer opacos: el token de acceso de una sesión o un token de API personal para scripts e integraciones.

1. POST /api/auth/login/ devuelve un token de acceso (30 minutos por defecto) y un token de renovación (14 días por defecto); renueve con POST /api/token/refresh/ y {"refresh": "..."}.
2. Para un script, cree un token de API personal con la sesión iniciada: POST /api/auth/api-tokens/ con un nombre y, si quiere, expires_in_days (1 a 365). El token (empieza por ipt_) se muestra una sola vez: guárdelo en un lugar seguro. GET /api/auth/api-tokens/ lista sus tokens y DELETE /api/auth/api-tokens/{id}/ revoca uno.
3. Envíe Authorization: Bearer <token> en cada petición. Un token de API actúa como una sesión de su usuario, pero no puede gestionar credenciales (403 session_required).
4. Para actualizaciones en tiempo real, conéctese al WebSocket /ws/notifications/?token=<token>. Un token ausente, no válido, caducado o revocado lo cierra con el código 4401.

La documentación interactiva está en /api/docs/ (OpenAPI en /api/openapi.json). Los errores tienen siempre la forma {"error": {"code", "message", "details"}}; 401 significa que falta el token o no es válido, 429 que alcanzó un límite (espere Retry-After). Restablecer la contraseña revoca todos los tokens de API.`,
  },
  {
    slug: 'contact-support-with-a-ticket',
    category: 'troubleshooting',
    title: 'Contactar con soporte: crear un ticket',
    body: `Cuando los artículos de ayuda no responden a su pregunta, abra un ticket de soporte y nuestro equipo le contestará.

1. Créelo con POST /api/support-tickets/: subject y description son obligatorios; elija un ticket_type (general por defecto) y una priority (low, medium, high o urgent; medium por defecto). Vincule categorías de ayuda con help_category_ids.
2. Para adjuntar capturas o documentos (imágenes, PDF o archivos de texto), envíe el ticket como multipart.
3. Siga sus tickets con GET /api/support-tickets/ y añada información con POST /api/support-tickets/{id}/add_reply/.

Cada ticket recibe un número como TKT-7KQ2M9XA. Su estado pasa de open a in_progress mientras trabajamos en él y a resolved con una resolución. Solo ve sus propios tickets. Los tipos de ticket se listan en GET /api/support-ticket-types/.`,
  },
  {
    slug: 'ai-support-chat',
    category: 'troubleshooting',
    title: 'Cómo funciona el chat de soporte con IA',
    body: `El chat de soporte responde a partir de estos artículos de ayuda e indica qué artículos usó.

1. Abra una sesión: POST /api/v1/support/chat/sessions/ con su idioma, o envíe support.chat.sessions.create por el WebSocket /ws/support/ai-chat/?token=<token de acceso>.
2. Haga su pregunta: POST /api/v1/support/chat/sessions/{session_id}/messages/ con {"message": "..."} o support.chat.message.send. Las respuestas llegan en menos de 45 segundos.
3. Si el asistente no puede ayudar, ofrece un ticket de soporte con un borrador preparado. No se crea nada sin su consentimiento: POST .../ticket/ con {"consent": true}.

Sus conversaciones se guardan cifradas y solo usted puede leerlas (GET /api/v1/support/chat/sessions/). El asistente no ve sus datos de cuenta ni los de otros, y no puede crear un ticket por sí mismo.`,
  },
  {
    slug: 'real-time-notifications',
    category: 'getting-started',
    title: 'Notificaciones en tiempo real y tareas en segundo plano',
    body: `Algunos trabajos se ejecutan en segundo plano: escaneos de códigos de barras en foto, OCR, vistas previas y guardados de facturas. Obtiene el resultado de tres formas.

1. Esperar: la petición espera hasta 25 segundos y responde con el resultado.
2. Consultar: si tarda más, la respuesta es 202 con job_id y poll_url; lea GET /api/jobs/{id}/ hasta que el estado sea completed o failed.
3. Escuchar: conéctese a /ws/notifications/?token=<token de acceso>; el servidor envía connection.ready y después job.completed, job.failed, alertas de existencias y otras notificaciones.

Tras reconectar, envíe {"type": "jobs.get", "data": {"job_id": "..."}} para ponerse al día con una tarea. Las notificaciones guardadas se listan en GET /api/notifications/.`,
  },
];
