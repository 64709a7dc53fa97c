// Spanish for the texts src/domain keeps in English (by the same identifiers): the `domain`
// namespace, read by ../domainText.ts. Checked against ERROR_TEXT and FILTER_LABELS in
// test/unit/i18nCatalogs.test.ts.
import type { BuildingStage, ErrorCode, FilterKey, NotificationTopic, OrderCategoryKey, OrderStatus, OrderType, PAYMENT_TEXT } from '../../../domain';

export const errors: Record<ErrorCode, string> = {
  DeliveryPhotoRequired: 'Se requieren fotos de la entrega',
  TooManyPhotos: 'Demasiados archivos',
  DeliveryMilesRequired: 'Se requieren las millas de la entrega',
  DeliveryMilesNegative: 'Las millas recorridas no pueden ser negativas',
  DeliveryMilesTooMany: 'Las millas recorridas no pueden ser más de 100.000',
  DeliveryTimeRequired: 'Se requiere la hora de la entrega',
  DeliveryEndBeforeStart: 'La hora de fin de la entrega debe ser posterior a la de inicio',
  DeliverySignatureRequired: 'Se requiere una firma',
  DeliveryLocationNotSet: 'La ubicación de la entrega no está definida',
  DeliverySurveyAnswersNotSet: 'Faltan las respuestas de la encuesta de entrega',
  SavedCheckDoesNotHaveAnId: 'El cheque guardado no tiene identificador',
  PaymentAmountIsNan: 'El importe del pago no es un número',
  PaymentAmountRequired: 'Escriba el importe cobrado',
  PaymentExceedsBalance: 'El pago es mayor que el saldo pendiente',
  SavedCardRequired: 'Elija una de las tarjetas guardadas del cliente',
  AmountNotAuthorized: 'El importe no es el autorizado en la tarjeta: vuelva a autorizar la tarjeta por este importe',
  PaymentMethodRequired: 'Se requiere un método de pago',
  CheckSelectionTypeIsRequired: 'Se requiere el tipo de cheque',
  CardSelectionTypeIsRequired: 'Se requiere el tipo de tarjeta de crédito',
  PaymentMethodNotImplemented: 'Este método de pago no está disponible',
  CheckImageRequired: 'Se requiere una foto del cheque',
  CreditCardNumberRequired: 'Autorice la tarjeta antes de entregar',
  CreditCardExpirationDateRequired: 'Se requiere la fecha de vencimiento de la tarjeta',
  CreditCardCVVRequired: 'Se requiere el CVV de la tarjeta',
  WrongImageExtension: 'Solo se aceptan imágenes jpg, jpeg o png',
  NoOrderIdFound: 'No se encontró el identificador del pedido',
  BucketToUploadPhoto: 'No hay carpeta donde subir esta foto',
  NoPhotoTypeSet: 'No se indicó el tipo de foto',
  FileTooLarge: 'Se rechazaron algunos archivos por ser demasiado grandes',
  TooManyFiles: 'Demasiados archivos',
  UploadFailed: 'Falló la subida de la imagen',
  FailedToDeliverInventoryOrder: 'No se pudo entregar el pedido de inventario',
  FailedToDeliverInventoryMoveOrder: 'No se pudo entregar el traslado',
  FailedToDeliverRtoOrder: 'No se pudo entregar el pedido RTO',
  FailedToDeliverOrderWithACheck: 'No se pudo entregar el pedido con cheque',
  FailedToDeliverOrderWithNoPayment: 'No se pudo entregar el pedido sin pago',
  FailedToDeliverOrderWithCash: 'No se pudo entregar el pedido con efectivo',
  FailedToDeliverOrderWithAnExistingCard: 'No se pudo entregar el pedido con una tarjeta guardada',
  FailedToDeliverOrderWithANewCard: 'No se pudo entregar el pedido con una tarjeta nueva',
  FailedToDeliverOrder: 'No se pudo entregar el pedido',
  ErrorDeliveringOrder: 'Error al entregar el pedido',
  OrderAlreadyDelivered: 'Este pedido ya fue entregado',
  OrderReassigned: 'Este pedido ya no está asignado a usted',
  FailedToFetchDeliveryDetails: 'No se pudieron obtener los detalles de la entrega',
  FailedToFetchOrderList: 'No se pudo obtener la lista de pedidos',
  FailedToFetchOrderMap: 'No se pudo obtener el mapa de pedidos',
  FailedToFetchOrderDetails: 'No se pudieron obtener los detalles del pedido',
  FailedToFetchScheduledOrders: 'No se pudieron obtener los pedidos programados',
  FailedToFetchSavedChecks: 'No se pudieron obtener los cheques guardados',
  FailedToFindDeliveryDetails: 'No se encontraron los detalles de la entrega',
  FailedToGenerateDeliveryCertificate: 'No se pudo generar el certificado de entrega',
  ErrorAuthenticatingCard: 'Error al autorizar la tarjeta',
  InvalidCreditCardNumber: 'Número de tarjeta de crédito no válido',
  InvalidAccountNumber: 'Número de cuenta no válido',
  InvalidExpiration: 'Formato MMAA',
  CardExpired: 'La tarjeta está vencida',
  CardDeclined: 'Rechazada',
  InsufficientFunds: 'Fondos insuficientes',
  InvalidCvv: 'El CVV no coincide',
  InvalidAmount: 'El importe debe ser un número positivo con 2 decimales como máximo',
  InvalidTransactionState: 'Esta transacción no se puede cobrar ni reembolsar en su estado actual',
  AmountExceedsAuthorized: 'El importe supera lo que permite la transacción',
  RefundExceedsCaptured: 'El reembolso supera lo cobrado y aún no reembolsado',
  PaymentProcessorUnavailable: 'El procesador de pagos no está disponible, inténtelo más tarde',
  FailedToScheduleDelivery: 'No se pudo programar la entrega',
  ErrorSchedulingDelivery: 'Error al programar la entrega',
  FailedToRescheduleDelivery: 'No se pudo reprogramar la entrega',
  FailedToUnscheduleOrder: 'No se pudo desprogramar el pedido',
  FailedToReassignOrder: 'No se pudo reasignar el pedido',
  FailedToAddNote: 'No se pudo agregar la nota',
  FailedToRefreshDriverSettings: 'No se pudieron actualizar los ajustes',
  FailedToSaveDriverSettings: 'No se pudieron guardar los ajustes',
  FailedToSaveDriverNotificationSettings: 'No se pudieron actualizar los ajustes de notificaciones',
  EmailAlreadyInUse: 'Este correo ya lo usa otra cuenta',
  ProfileImageNotFound: 'La foto de perfil no se subió',
  CurrentPasswordRequired: 'Escriba su contraseña actual para cambiar su correo o su contraseña',
  CurrentPasswordIncorrect: 'La contraseña actual no es correcta',
  FailedToFetchNotifications: 'No se pudieron obtener las notificaciones',
  FailedToDismissNotification: 'No se pudo descartar la notificación',
  FailedToClearAllNotifications: 'No se pudieron borrar todas las notificaciones',
  FailedToNotifyCompanyUsers: 'No se pudo avisar a los usuarios de la empresa',
  FailedToFetchDeliveryLog: 'No se pudo obtener el registro de entregas',
  FailedToFetchFilters: 'No se pudieron obtener los filtros',
  FailedToExportDeliveryLog: 'No se pudo exportar el registro de entregas',
  FailedToFetchStats: 'No se pudieron obtener las estadísticas',
  FailedToSendEmail: 'No se pudo enviar el correo',
  FailedToSendOneOrMoreEmails: 'No se pudieron enviar uno o más correos',
  CustomerEmailSettingOff: 'El cliente tiene los correos desactivados',
  CustomerScheduledEmailSettingOff: 'El cliente tiene desactivado el correo de pedido programado',
  DriverEmailSettingOff: 'El conductor tiene los correos desactivados',
  OfficeAdminEmailSettingOff: 'El administrador de la oficina tiene los correos desactivados',
  RtoEmailSettingOff: 'La empresa RTO tiene los correos desactivados',
  EmailRecipientNotAllowed: 'Este correo solo puede ir a usuarios y clientes de su empresa',
  OrderNotDelivered: 'Este pedido aún no se ha entregado',
  IncorrectEmailOrPassword: 'El correo o la contraseña son incorrectos',
  NotAuthenticated: 'No ha iniciado sesión',
  NotAuthorized: 'No autorizado',
  AccountRemoved: 'La oficina eliminó su cuenta',
  NotFound: 'No encontrado',
  TooManyRequests: 'Demasiadas solicitudes, inténtelo más tarde',
  InvalidRequest: 'La solicitud no es válida',
  IdempotencyKeyReused: 'Esta Idempotency-Key ya se usó con otra solicitud',
  IdempotencyKeyInFlight: 'Aún se está procesando una solicitud con esta Idempotency-Key',
  TokenRevoked: 'Esta sesión terminó (se cambió la contraseña); inicie sesión de nuevo',
  GeneralError: 'Hubo un error',
  ClientTooOld: 'Esta versión de la app está desactualizada. Actualice la app para seguir enviando su trabajo.',
  MethodNotAllowed: 'Esta ruta no admite este método',
};

export const filters: Record<FilterKey, string> = {
  newCustomerOrder: 'Cliente nuevo',
  offlotCustomerOrder: 'Fuera del lote',
  onlotInventoryOrder: 'Inventario nuevo',
  inventoryMoveOrder: 'Traslado de inventario',
  scheduled: 'Programados',
  unscheduled: 'Sin programar',
  finished: 'Terminados',
  unfinished: 'Sin terminar',
  rushOrder: 'Urgente',
};

/** SPEC §9 environment names (the badge outside production). */
export const environments: Record<string, string> = { Production: 'Producción', Master: 'Master', Development: 'Desarrollo' };

/** The delivery log's undelivered categories (ORDER_CATEGORIES), by key. */
export const categories: Record<OrderCategoryKey, string> = {
  newCustomerOrder: 'Pedido de cliente nuevo',
  onlotInventoryOrder: 'Inventario nuevo',
  offlotCustomerOrder: 'Pedido fuera del lote',
  scheduled: 'Programados',
  unscheduled: 'Sin programar',
  unfinished: 'Sin terminar',
  finished: 'Terminados',
  rushOrder: 'Pedido urgente',
  inventoryMoveOrder: 'Traslado',
};

/** The payments rules' texts (PAYMENT_TEXT), shown beside the new-card form's fields. */
export const payment: Record<keyof typeof PAYMENT_TEXT, string> = {
  required: 'Obligatorio',
  expiration: 'Formato MMAA',
  state: 'Abreviatura del estado, 2 letras mayúsculas',
  phone: 'De 5 a 15 caracteres',
  cvv: 'El CVV debe tener 3 o 4 dígitos',
  amount: 'El importe debe ser un número positivo con 2 decimales como máximo',
  amountNumber: 'El importe debe ser un número',
  tooLong: 'Demasiado largo',
  type: 'type debe ser ach-new o ach-token',
  boolean: 'Debe ser verdadero o falso',
  refundAmount: 'amount es obligatorio salvo que full_refund sea true',
  body: 'El cuerpo debe ser un objeto JSON',
};

/** SPEC §3 order_type values as the order card and details show them (lower case, like the English). */
export const orderTypes: Record<OrderType, string> = {
  'new build': 'construcción nueva',
  'off-lot inventory': 'inventario fuera del lote',
  'on-lot inventory': 'inventario en el lote',
  'move order': 'pedido de traslado',
};

/** The order statuses the server writes (ORDER_STATUSES). */
export const orderStatuses: Record<OrderStatus, string> = {
  'In Production': 'En producción',
  'Ready for Delivery': 'Listo para entrega',
  'Scheduled for Delivery': 'Entrega programada',
  Delivered: 'Entregado',
};

/** The building stages (BUILDING_STAGES). */
export const buildingStages: Record<BuildingStage, string> = {
  'Not Started': 'Sin empezar',
  Framing: 'Estructura',
  Roofing: 'Techo',
  Siding: 'Revestimiento',
  Painting: 'Pintura',
  Trim: 'Molduras',
  Built: 'Construido',
};

/** The titles of the notifications the server writes itself (NOTIFICATION_TOPIC_TITLES). */
export const notificationTopics: Record<NotificationTopic, string> = {
  order_assigned: 'Nuevo pedido asignado',
  order_reassigned: 'Pedido reasignado',
  order_finished_at_shop: 'Pedido terminado en el taller',
  order_updated: 'Pedido actualizado',
  driver_work_lost: 'Se perdió trabajo no enviado de un conductor',
};

export const domain = { errors, filters, environments, categories, payment, orderTypes, orderStatuses, buildingStages, notificationTopics };
