import { adminKeys, inviteUser, NAME_MAX_LENGTH, type InviteUser } from '@opsdeck/api-client/admin';
import { useApiClient } from '@opsdeck/api-client/react';
import { ROLES } from '@opsdeck/rbac';
import { Button, CopyToClipboard, Modal, useToast } from '@opsdeck/ui';
import { SelectField, TextField } from '@opsdeck/ui/forms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { Alert, Muted } from '../components/PageLayout.ts';
import { messageOf } from '../model/messages.ts';
import { adminTestIds } from '../testIds.ts';

const roleOptions = ROLES.map((role) => ({ value: role, label: role }));
const initial: InviteUser = { firstName: '', lastName: '', email: '', role: 'viewer' };

const tooLong = `At most ${NAME_MAX_LENGTH} characters`;

function validate(values: InviteUser) {
  const errors: Partial<Record<keyof InviteUser, string>> = {};
  if (values.firstName.length > NAME_MAX_LENGTH) errors.firstName = tooLong;
  if (values.lastName.length > NAME_MAX_LENGTH) errors.lastName = tooLong;
  if (!values.email.trim()) errors.email = 'Email is required';
  else if (!/^[^\s@]+@[^\s@]+$/.test(values.email.trim())) errors.email = 'Not an email address';
  if (!values.role) errors.role = 'Role is required';
  return errors;
}

/** Invite user: first name, last name, email and role; then the one-time link for copying. */
export function InviteUserModal({ onClose }: { onClose: () => void }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [link, setLink] = useState<string>();
  const [invited, setInvited] = useState<string>();
  const invite = useMutation({
    mutationFn: (values: InviteUser) =>
      inviteUser(client, { ...values, email: values.email.trim() }),
    onSuccess: (reply, values) => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.users() });
      setInvited(values.email.trim());
      setLink(reply.link);
      toast.success(`${values.email.trim()} invited`);
    },
  });
  return (
    <Modal.Root open onClose={onClose} size="small" data-testid={adminTestIds.users.invite}>
      <Modal.Header>Invite user</Modal.Header>
      {invited ? (
        <>
          <Modal.Body>
            <Muted>
              {`An invitation for ${invited} is in their outbox. The link signs them in once, to set a password:`}
            </Muted>
            {link ? (
              <p data-testid={adminTestIds.users.inviteLink}>
                <code style={{ overflowWrap: 'anywhere' }}>{link}</code>{' '}
                <CopyToClipboard value={link} label="Copy invitation link" />
              </p>
            ) : null}
          </Modal.Body>
          <Modal.Footer>
            <Button onClick={onClose}>Done</Button>
          </Modal.Footer>
        </>
      ) : (
        <Formik
          initialValues={initial}
          validate={validate}
          onSubmit={async (values) => {
            await invite.mutateAsync(values).catch(() => undefined);
          }}
        >
          {({ isSubmitting }) => (
            <Form noValidate>
              <Modal.Body>
                <TextField name="firstName" label="First name" autoComplete="off" />
                <TextField name="lastName" label="Last name" autoComplete="off" />
                <TextField name="email" label="Email" type="email" required autoComplete="off" />
                <SelectField name="role" label="Role" required options={roleOptions} />
                {invite.error ? <Alert role="alert">{messageOf(invite.error)}</Alert> : null}
              </Modal.Body>
              <Modal.Footer>
                <Button variant="secondary" type="button" onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit" loading={isSubmitting}>
                  Invite
                </Button>
              </Modal.Footer>
            </Form>
          )}
        </Formik>
      )}
    </Modal.Root>
  );
}
