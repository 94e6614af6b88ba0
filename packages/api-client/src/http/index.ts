export {
  configureApiClient,
  getHttp,
  ORGANIZATION_ARCHIVED_PROBLEM_TYPE,
  refreshSession,
  SessionExpiredError,
  type ApiClientConfig,
  type SessionEndReason,
  type SessionEndedEvent,
} from './client';
export {
  ACCESS_EXPIRING_SOON_MS,
  SESSION_KEYS,
  clearSession,
  createMemoryStorage,
  createSessionStore,
  isAccessTokenExpiringSoon,
  isAuthenticated,
  isRefreshTokenExpired,
  onSessionChange,
  readSession,
  restoreSession,
  saveSession,
  sessionStore,
  setSessionStorage,
  updateSessionUser,
  type LoginResponse,
  type Role,
  type SessionListener,
  type SessionStore,
  type SessionUser,
  type StorageLike,
  type StoredSession,
} from './session-store';
export {
  UNKNOWN_DETAIL,
  UNKNOWN_STATUS,
  formatStatusError,
  parseProblem,
  problemMessage,
  type Problem,
} from './problem';
export {
  downloadFile,
  fileNameFromContentDisposition,
  saveFile,
  type DownloadedFile,
  type DownloadOptions,
} from './files';
export {
  uploadInquiryDocumentWithProgress,
  type UploadDocumentInput,
  type UploadProgressOptions,
} from './upload';
