// The shared rules live with the form descriptions in @opsdeck/contracts (the server runs them too).
export {
  BYTES_QUANTITY_PATTERN,
  bytes,
  DNS1123_MESSAGE,
  DNS1123_PATTERN,
  dns1123,
  integer,
  INTEGER_MESSAGE,
  isDns1123,
  millicores,
  MILLICORES_PATTERN,
  NUMBER_MESSAGE,
  required,
  REQUIRED_MESSAGE,
  text,
  type NumberRuleOptions,
  type TextRuleOptions,
} from '@opsdeck/contracts/form';
