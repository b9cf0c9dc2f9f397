// The wording is shared with the report and the pictures' captions, so it lives in src/data.
export { BALANCED_METHOD_NAMES, CLASS_METHOD, UNION_PART_METHOD, countsText } from '../../data/methods';
