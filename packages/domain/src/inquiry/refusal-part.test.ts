import { describe, expect, it } from 'vitest';
import { refusalSubStep } from './refusal-part';

describe('refusalSubStep', () => {
  it('finds the first part the reason names', () => {
    expect(refusalSubStep('Le permis joint ne correspond pas aux parcelles indiquées.')).toBe('site');
    expect(refusalSubStep('Les parcelles indiquées ne correspondent pas au permis.')).toBe('parcels');
    expect(refusalSubStep("Le document d'autorisation est illisible.")).toBe('site');
    expect(refusalSubStep('L’étude de sol jointe est incomplète.')).toBe('soilStudy');
    expect(refusalSubStep('ÉTUDE DES SOLS absente')).toBe('soilStudy');
    expect(refusalSubStep('Le SIRET ne correspond à aucune entreprise.')).toBe('projectOwnerSiret');
    expect(refusalSubStep('Les quantités de matériaux semblent erronées.')).toBe('composition');
    expect(refusalSubStep('Les dates de disponibilité sont passées.')).toBe('availability');
    expect(refusalSubStep('Merci d’ajouter des photos du site dans les autres documents.')).toBe('otherDocuments');
    expect(refusalSubStep('La surface déclarée est trop grande.')).toBe('surface');
    expect(refusalSubStep('Le nom du projet est injurieux.')).toBe('projectName');
  });

  it('prefers the longer name found at the same place', () => {
    expect(refusalSubStep('L’adresse du maître d’ouvrage est incomplète.')).toBe('projectOwnerAddress');
    expect(refusalSubStep('L’adresse du chantier est introuvable.')).toBe('site');
    expect(refusalSubStep('Le maître d’ouvrage est inconnu.')).toBe('projectOwner');
  });

  it('reads whole words only', () => {
    expect(refusalSubStep('Une erreur de planification')).toBeNull();
    expect(refusalSubStep('Référence cadastrale erronée')).toBe('parcels');
  });

  it('is null when no part is named', () => {
    expect(refusalSubStep('Annonce en double.')).toBeNull();
    expect(refusalSubStep('')).toBeNull();
    expect(refusalSubStep(null)).toBeNull();
  });
});
