/** The profile photo (documento imgPerfil, unid = own id): first upload or a placeholder; click to replace. */
import * as React from 'react';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { Avatar, Badge, ButtonBase, Tooltip } from '@mui/material';
import { useGetIdentity, useNotify, useTranslate } from 'ra-core';
import { addUploads, listUploads, replaceUpload, toNewUploads, type Upload } from '../../dataProvider/uploads';
import { useServerErrorNotify } from '../../form/useServerErrorNotify';
import { PhotoDialog } from './PhotoDialog';

export function ProfilePhoto({ userId, name }: { userId: number; name?: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { refetch: refetchIdentity } = useGetIdentity();
  const onError = useServerErrorNotify();
  const [photo, setPhoto] = React.useState<Upload | null>(null);
  const [open, setOpen] = React.useState(false);

  React.useEffect(() => {
    listUploads(userId, 'imgPerfil')
      .then((items) => setPhoto(items[0] ?? null))
      .catch(() => setPhoto(null));
  }, [userId]);

  const submit = async (file: File) => {
    try {
      const [upload] = await toNewUploads([file], userId, 'imgPerfil');
      const saved = photo ? await replaceUpload({ ...photo, ...upload }) : await addUploads([upload]);
      setPhoto(saved?.[0] ?? ({ ...photo, ...upload, id: photo?.id ?? 0 } as Upload));
      notify('app.notify.included', { type: 'success' });
      void refetchIdentity();
    } catch (error) {
      onError(error);
      throw error;
    }
  };

  const label = translate('app.profile.change_photo');
  return (
    <>
      <Tooltip title={label}>
        <ButtonBase aria-label={label} onClick={() => setOpen(true)} sx={{ borderRadius: '50%' }}>
          <Badge
            overlap="circular"
            anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
            badgeContent={<PhotoCameraIcon sx={{ fontSize: 18, bgcolor: 'primary.main', color: '#fff', borderRadius: '50%', p: 0.4 }} />}
          >
            <Avatar src={photo?.base64} alt={name ?? ''} sx={{ width: 112, height: 112, fontSize: 40 }}>
              {name?.[0]?.toUpperCase()}
            </Avatar>
          </Badge>
        </ButtonBase>
      </Tooltip>
      <PhotoDialog open={open} onClose={() => setOpen(false)} onSubmit={submit} />
    </>
  );
}
