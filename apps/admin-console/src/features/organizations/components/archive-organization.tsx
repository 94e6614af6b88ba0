import { useNavigate } from '@tanstack/react-router';
import { formatStatusError, type Organization } from '@terres/api-client';
import { fillTemplate } from '@terres/domain';
import { Button } from '@terres/ui/button';
import { Card } from '@terres/ui/card';
import { ConfirmDialog } from '@terres/ui/confirm-dialog';
import { useToast } from '@terres/ui/toast';
import { useArchiveOrganization } from '../api/archive-organization';
import { texts } from '../texts';

/**
 * 'Archiver cette organisation' (spec §2, §4): one way, after a confirmation; then back to the
 * organisations with the spec's toast. A refusal keeps the dialog open and says 'Erreur {status}: {detail}'.
 */
export function ArchiveOrganization({ organisation }: { organisation: Organization }) {
  const archival = useArchiveOrganization();
  const toast = useToast();
  const navigate = useNavigate();

  const archive = async () => {
    if (!organisation.id) {
      toast.error(texts.missingId);
      throw new Error('missing id');
    }
    try {
      await archival.mutateAsync(organisation.id);
    } catch (error) {
      toast.error(formatStatusError(error));
      throw error;
    }
    toast.success(texts.archived);
    void navigate({ to: '/admin/organizations' });
  };

  return (
    <Card className="console-org__danger" title={texts.archiveTitle} description={texts.archiveLead}>
      <div>
        <ConfirmDialog
          variant="danger"
          title={fillTemplate(texts.archiveConfirmTitle, { name: organisation.name })}
          description={texts.archiveConfirmDescription}
          confirmLabel={texts.archive}
          loadingLabel={texts.archiving}
          onConfirm={archive}
          trigger={<Button variant="danger">{texts.archiveOrganisation}</Button>}
        />
      </div>
    </Card>
  );
}
