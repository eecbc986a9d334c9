/**
 * A recipe's `subcategory` must be one of its category's `recipe_subcategories`: the game reports "recipe X has
 * subcategory Y which is invalid or doesn't match category Z" (recipe_dictionary.cpp, 0.F and current).
 */
import type { CheckContext, RecordCheck } from './context';
import type { DefinitionRecord } from '../records/record';
import { closest } from '../util/closest';

/** The recipe's `category`, its own or the nearest ancestor's. */
function categoryOf(record: DefinitionRecord, project: CheckContext['project']): string | undefined {
  for (let r: DefinitionRecord | undefined = record, depth = 0; r && depth < 32; r = project.lineageOf(r).parent, depth++) {
    if (typeof r.value.category === 'string') return r.value.category;
  }
  return undefined;
}

export const checkRecipeSubcategory: RecordCheck = (record, ctx) => {
  if (record.type !== 'recipe') return;
  const subcategory = record.value.subcategory;
  if (typeof subcategory !== 'string') return;
  const { project } = ctx;
  const category = categoryOf(record, project);
  if (category === undefined) return;
  const categories = project.visibleDefinitions('recipe_category', category, record.source.modId);
  const effective = categories[categories.length - 1];
  const listed = effective?.value.recipe_subcategories;
  // An unknown category is unknown-id's; a category without a list is not ours to judge.
  if (!effective || !Array.isArray(listed) || listed.includes(subcategory)) return;
  const names = listed.filter((s): s is string => typeof s === 'string');
  const near = closest(subcategory, names);
  ctx.report({
    record, path: ['subcategory'], code: 'invalid-value', severity: 'error', basis: 'reader',
    message: `"subcategory": "${subcategory}" is not a subcategory of recipe category "${category}"${near ? `; did you mean "${near}"?` : ''}`,
    related: [{ record: effective, path: ['recipe_subcategories'], message: `subcategories of "${category}"` }],
    fixes: near ? [{ kind: 'replaceValue', text: near }] : undefined,
  });
};
