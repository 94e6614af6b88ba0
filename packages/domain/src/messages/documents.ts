// Files and the documents of a listing (CONTRACT §10, §11): the API's details and the apps' buttons.
import { FILE_NAME_MAX_LENGTH } from '../constants';

export const documentMessages = {
  // CONTRACT §10 (spec §5)
  fileTooLarge: 'Le fichier dépasse la taille maximale autorisée de 5 Mo.',
  fileType: 'Format de fichier non autorisé.',
  // ours
  fileNameTooLong: `Le nom du fichier ne doit pas dépasser ${FILE_NAME_MAX_LENGTH} caractères.`,
  documentNotFound: 'Document introuvable.',
  documentNotMultipart: 'Envoyez le fichier en multipart/form-data, dans le champ « file ».',
  documentFileMissing: 'Veuillez joindre un fichier (champ « file »).',
  documentOneFile: 'Envoyez un seul fichier à la fois.',
  documentFileEmpty: 'Le fichier est vide.',
  documentKindInvalid: 'Le type de document doit être PERMISSION, SOIL_STUDY ou OTHER.',
  platformDocumentKindInvalid: 'La plateforme envoie une étude de sol (SOIL_STUDY) ou un autre document (OTHER).',
  documentUploadClosed: "Les documents ne peuvent être ajoutés qu'aux annonces en brouillon ou refusées.",
  documentDeleteClosed: 'Les documents ne peuvent être supprimés que des annonces en brouillon ou refusées.',
  documentSentByPlatform: 'Ce document a été envoyé par la plateforme : vous ne pouvez pas le supprimer.',
  documentDepositedByAdvertiser: "Ce document a été déposé par l'organisation : seule l'organisation peut le supprimer.",
  documentDeleteForbidden: 'Vous ne pouvez pas supprimer ce document.',
} as const;
