// The microservice's tables live in their own schema `kyc` (same database); nothing
// outside kyc/ and its worker handlers reads them.
export const T = {
  projects: 'kyc.projects',
  applicants: 'kyc.applicants',
  history: 'kyc.status_history',
  sdkTokens: 'kyc.sdk_tokens',
  webhooks: 'kyc.webhooks',
  deliveries: 'kyc.callback_deliveries',
  attempts: 'kyc.inhouse_attempts',
} as const;
