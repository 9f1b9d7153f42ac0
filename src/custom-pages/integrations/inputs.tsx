/**
 * Inputs the integration screens share: the server's address, the status select (Ativo 1,
 * Desativado 0) and a secret token with show/hide.
 */
import * as React from 'react';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { IconButton, InputAdornment } from '@mui/material';
import { useTranslate } from 'ra-core';
import { SelectInput, TextInput, type TextInputProps } from 'react-admin';
import { INTEGRATION_STATUS } from '../../../domain/constants';
import { fullRow } from '../../components/FormGrid';

const statusChoices = [
  { id: INTEGRATION_STATUS.ATIVO, name: 'app.integracoes.status_ativo' },
  { id: INTEGRATION_STATUS.DESATIVADO, name: 'app.integracoes.status_desativado' },
];

/** The integration's server address on a row of its own; its help gives an example. */
export function ServerInput({ source, helperText }: { source: string; helperText: string }) {
  return <TextInput source={source} label="app.integracoes.server" helperText={helperText} autoComplete="off" sx={fullRow} />;
}

export function StatusInput({ source }: { source: string }) {
  return <SelectInput source={source} label="app.integracoes.status" choices={statusChoices} isRequired />;
}

/** The show/hide button of a secret: "Mostrar token" / "Ocultar token". */
export function VisibilityToggle({ visible, onToggle }: { visible: boolean; onToggle: () => void }) {
  const translate = useTranslate();
  return (
    <IconButton
      aria-label={translate(visible ? 'app.integracoes.hide_token' : 'app.integracoes.show_token')}
      onClick={onToggle}
      size="small"
    >
      {visible ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
    </IconButton>
  );
}

/** A token typed like a password, with show/hide; what the server sends ('********' to non-administrators) goes back as it is. */
export function SecretInput(props: TextInputProps) {
  const [visible, setVisible] = React.useState(false);
  return (
    <TextInput
      type={visible ? 'text' : 'password'}
      // Not the browser's saved passwords: this is an API key.
      autoComplete="new-password"
      InputProps={{
        endAdornment: (
          <InputAdornment position="end">
            <VisibilityToggle visible={visible} onToggle={() => setVisible((shown) => !shown)} />
          </InputAdornment>
        ),
      }}
      {...props}
    />
  );
}
