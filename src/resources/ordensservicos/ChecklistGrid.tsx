/** The 18-item checklist (SPEC 3 and 9): three columns, each item answered OK or NT. */
import * as React from 'react';
import { Box, FormControlLabel, Radio, RadioGroup } from '@mui/material';
import { useTranslate } from 'ra-core';
import { ChecklistRow } from '../../components/ChecklistRow';
import {
  CHECKLIST_ANSWERS,
  CHECKLIST_ITEMS,
  type Checklist,
  type ChecklistAnswer,
  type ChecklistItem,
} from '../../../domain/ordensservicos';

export interface ChecklistGridProps {
  value: Checklist;
  onChange: (item: ChecklistItem, answer: ChecklistAnswer) => void;
  readOnly?: boolean;
}

/** Items down each column, as on paper: 1–6, 7–12, 13–18. */
const ROWS = Math.ceil(CHECKLIST_ITEMS.length / 3);

export function ChecklistGrid({ value, onChange, readOnly }: ChecklistGridProps) {
  const translate = useTranslate();
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
        gridTemplateRows: { md: `repeat(${ROWS}, auto)` },
        gridAutoFlow: { md: 'column' },
        columnGap: 2,
        '@media print': {
          gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
          gridTemplateRows: `repeat(${ROWS}, auto)`,
          gridAutoFlow: 'column',
        },
      }}
    >
      {CHECKLIST_ITEMS.map((item, index) => {
        const labelId = `checklist-item-${index}`;
        return (
          <ChecklistRow
            key={item}
            labelId={labelId}
            label={`${index + 1}. ${item}`}
            sx={{ minHeight: 30 }}
            labelSx={{ fontSize: 'inherit' }}
          >
            <RadioGroup
              row
              aria-labelledby={labelId}
              value={value[item] ?? ''}
              onChange={(event) => onChange(item, event.target.value as ChecklistAnswer)}
              sx={{ flexWrap: 'nowrap' }}
            >
              {CHECKLIST_ANSWERS.map((answer) => (
                <FormControlLabel
                  key={answer}
                  value={answer}
                  disabled={readOnly}
                  control={<Radio size="small" sx={{ p: 0.5, '@media print': { p: 0.25 } }} />}
                  label={translate(`app.ordensservicos.answer_${answer.toLowerCase()}`)}
                  sx={{
                    mr: 0.5,
                    ml: 0,
                    '& .MuiFormControlLabel-label': { fontSize: 12 },
                    // A finalized order's answers stay legible, on screen and on paper.
                    '& .MuiFormControlLabel-label.Mui-disabled': { color: 'text.primary' },
                    '& .MuiRadio-root.Mui-disabled.Mui-checked': { color: 'primary.main' },
                  }}
                />
              ))}
            </RadioGroup>
          </ChecklistRow>
        );
      })}
    </Box>
  );
}
