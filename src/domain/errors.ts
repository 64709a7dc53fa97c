// The error catalogue (SPEC §8). Identifiers travel in `{error, message}` bodies and in
// outbox entries; texts are what a driver reads. One table so server and client agree.
export const ERROR_TEXT = {
  // Validation (SPEC §5)
  DeliveryPhotoRequired: 'Delivery photo(s) required',
  TooManyPhotos: 'Too many files',
  DeliveryMilesRequired: 'Delivery miles required',
  DeliveryMilesNegative: 'Miles driven cannot be negative',
  DeliveryMilesTooMany: 'Miles driven cannot be more than 100,000',
  DeliveryTimeRequired: 'Delivery time required',
  DeliveryEndBeforeStart: 'Delivery end time must be after the start time',
  DeliverySignatureRequired: 'A signature is required',
  DeliveryLocationNotSet: 'Delivery location is not set',
  DeliverySurveyAnswersNotSet: 'Delivery survey answers are not set',
  SavedCheckDoesNotHaveAnId: 'Saved check does not have an id',
  PaymentAmountIsNan: 'Payment amount is not a number',
  PaymentAmountRequired: 'Enter the amount collected',
  PaymentExceedsBalance: 'The payment is more than the remaining balance',
  SavedCardRequired: "Choose one of the customer's saved cards",
  AmountNotAuthorized: 'The amount is not what the card was authorized for: authorize the card again for this amount',
  PaymentMethodRequired: 'A payment method is required',
  CheckSelectionTypeIsRequired: 'Check type is required',
  CardSelectionTypeIsRequired: 'Credit card type is required',
  PaymentMethodNotImplemented: 'Payment method is not implemented',
  CheckImageRequired: 'A check image is required',
  // No authorization on the draft (a declined card leaves none): SPEC's 'Invalid Credit Card Number' is the processor's InvalidCreditCardNumber.
  CreditCardNumberRequired: 'Authorize the card before delivering',
  CreditCardExpirationDateRequired: 'Credit card expiration date is required',
  CreditCardCVVRequired: 'Credit card CVV is required',
  // Uploads
  WrongImageExtension: 'Only jpg, jpeg or png images are accepted',
  NoOrderIdFound: 'No order id found',
  BucketToUploadPhoto: 'No folder to upload this photo to',
  NoPhotoTypeSet: 'No photo type set',
  FileTooLarge: 'Some files were rejected because they were too large',
  TooManyFiles: 'Too many files',
  UploadFailed: 'Request to upload image failed',
  // Delivery outcome
  FailedToDeliverInventoryOrder: 'Failed to deliver inventory order',
  FailedToDeliverInventoryMoveOrder: 'Failed to deliver move order',
  FailedToDeliverRtoOrder: 'Failed to deliver rto order',
  FailedToDeliverOrderWithACheck: 'Failed to deliver order with a check',
  FailedToDeliverOrderWithNoPayment: 'Failed to deliver order with no payment',
  FailedToDeliverOrderWithCash: 'Failed to deliver order with cash',
  FailedToDeliverOrderWithAnExistingCard: 'Failed to deliver order with an existing card',
  FailedToDeliverOrderWithANewCard: 'Failed to deliver order with a new card',
  FailedToDeliverOrder: 'Failed to deliver order',
  ErrorDeliveringOrder: 'Error delivering order',
  OrderAlreadyDelivered: 'This order has already been delivered',
  OrderReassigned: 'This order is no longer assigned to you',
  FailedToFetchDeliveryDetails: 'Failed to fetch delivery details',
  // Reads the sync engine makes (SPEC §8 'Failed to fetch: …'): shown as snackbars
  FailedToFetchOrderList: 'Failed to fetch order list',
  FailedToFetchOrderMap: 'Failed to fetch order map',
  FailedToFetchOrderDetails: 'Failed to fetch order details',
  FailedToFetchScheduledOrders: 'Failed to fetch scheduled orders',
  FailedToFetchSavedChecks: 'Failed to fetch saved checks',
  FailedToFindDeliveryDetails: 'Failed to find delivery details',
  FailedToGenerateDeliveryCertificate: 'Failed to generate delivery certificate',
  // Payments (SPEC §5, §7, §8): processor outcomes of /api/payments and /secure/cardconnect
  ErrorAuthenticatingCard: 'Error authenticating card',
  InvalidCreditCardNumber: 'Invalid Credit Card Number',
  InvalidAccountNumber: 'Invalid Account Number',
  InvalidExpiration: 'Format MMYY',
  CardExpired: 'The card has expired',
  CardDeclined: 'Declined',
  InsufficientFunds: 'Insufficient funds',
  InvalidCvv: 'The CVV does not match',
  InvalidAmount: 'Amount must be a positive number with at most 2 decimals',
  InvalidTransactionState: 'This transaction cannot be captured or refunded in its current state',
  AmountExceedsAuthorized: 'The amount exceeds what the transaction allows',
  RefundExceedsCaptured: 'The refund is more than what was captured and not yet refunded',
  PaymentProcessorUnavailable: 'The payment processor is unavailable, try again later',
  // Scheduling, reassign and notes (SPEC §8 texts; the message adds the reason)
  FailedToScheduleDelivery: 'Failed to schedule delivery',
  ErrorSchedulingDelivery: 'Error scheduling delivery',
  FailedToRescheduleDelivery: 'Failed to reschedule delivery',
  FailedToUnscheduleOrder: 'Failed to unschedule order',
  FailedToReassignOrder: 'Failed to reassign order',
  FailedToAddNote: 'Failed to add note',
  // Profile, notifications, delivery log and email (SPEC §8 texts where it gives one)
  FailedToRefreshDriverSettings: 'Failed to refresh settings',
  FailedToSaveDriverSettings: 'Failed to save settings',
  FailedToSaveDriverNotificationSettings: 'Failed to update notification settings',
  EmailAlreadyInUse: 'This email is already used by another account',
  ProfileImageNotFound: 'The profile picture was not uploaded',
  CurrentPasswordRequired: 'Enter your current password to change your email or password',
  CurrentPasswordIncorrect: 'The current password is not correct',
  FailedToFetchNotifications: 'Failed to fetch notifications',
  FailedToDismissNotification: 'Failed to dismiss notification',
  FailedToClearAllNotifications: 'Failed to clear all notifications',
  FailedToNotifyCompanyUsers: 'Failed to notify company users',
  FailedToFetchDeliveryLog: 'Failed to fetch delivery log',
  FailedToFetchFilters: 'Failed to fetch filters',
  FailedToExportDeliveryLog: 'Failed to export delivery log',
  FailedToFetchStats: 'Failed to fetch stats',
  FailedToSendEmail: 'Failed to send email',
  FailedToSendOneOrMoreEmails: 'Failed to send one or more emails',
  CustomerEmailSettingOff: "Customer's email setting is turned off",
  CustomerScheduledEmailSettingOff: "Customer's order scheduled email setting is turned off",
  DriverEmailSettingOff: "Driver's email setting is turned off",
  OfficeAdminEmailSettingOff: "Office admin's email setting is turned off",
  RtoEmailSettingOff: "RTO company's email setting is turned off",
  EmailRecipientNotAllowed: 'This email can only go to users and customers of your company',
  OrderNotDelivered: 'This order has not been delivered yet',
  // Transport and auth (SPEC §6, §8)
  IncorrectEmailOrPassword: 'Email or password is incorrect',
  NotAuthenticated: 'Not authenticated',
  NotAuthorized: 'Not authorized',
  AccountRemoved: 'Your account was removed by the office',
  NotFound: 'Not found',
  TooManyRequests: 'Too many requests, try again later',
  InvalidRequest: 'The request is not valid',
  IdempotencyKeyReused: 'This Idempotency-Key was already used with a different request',
  IdempotencyKeyInFlight: 'A request with this Idempotency-Key is still being processed',
  TokenRevoked: 'This sign-in has ended (the password was changed); sign in again',
  ClientTooOld: 'This version of the app is out of date. Update the app to keep sending your work.',
  MethodNotAllowed: 'This path does not take this method',
  GeneralError: 'There was an error',
} as const;

export type ErrorCode = keyof typeof ERROR_TEXT;

/** The body the server sends on every error except the login failure. */
export interface ErrorBody {
  error: ErrorCode;
  message: string;
}

/** SPEC §7: the login failure body is exactly this text; clients compare it. */
export const LOGIN_FAILURE_TEXT = 'Invalid email or password';

export function errorBody(code: ErrorCode, message?: string): ErrorBody {
  return { error: code, message: message ?? ERROR_TEXT[code] };
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_TEXT, value);
}
